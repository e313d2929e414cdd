/**
 * A valid record of every declared resource, for the resource engine's table-driven test. The test fills `ids`
 * with the rows its records refer to (school, year, class, role, …) before the samples are built.
 */
export const ids: Record<string, number> = {};

export interface Sample {
  /** Body of the POST. */
  create: Record<string, unknown>;
  /** Body of the PUT (a change). */
  update: Record<string, unknown>;
  /** A `search` term that finds the record. */
  search: string;
}

/** A valid record per resource; `u` makes names unique. Every declared resource must have one. */
export const SAMPLES: Record<string, (u: string) => Sample> = {
  school_location: (u) => ({
    create: { name: `Lokasi ${u}`, city: 'Kota Cimahi', address: 'Jl. Uji No. 1' },
    update: { city: 'Kota Bandung' },
    search: u,
  }),
  school: (u) => ({
    create: { name: `SD Uji ${u}`, npsn: '12345678', level: 'SD', school_location_id: ids.location },
    update: { address: 'Jl. Baru No. 2' },
    search: u,
  }),
  school_year: () => ({
    create: { name: '2031/2032', start_date: '2031-07-01', end_date: '2032-06-30' },
    update: { end_date: '2032-06-29' },
    search: '2031/2032',
  }),
  school_period: (u) => ({
    create: {
      school_id: ids.sd,
      school_year_id: ids.year,
      name: `Gelombang ${u}`,
      start_date: '2027-04-01',
      end_date: '2027-05-31',
      quota: 10,
    },
    update: { quota: 12 },
    search: u,
  }),
  mst_grade: (u) => ({
    create: { name: `Jenjang ${u}`, school_id: ids.sd },
    update: { description: 'Keterangan baru' },
    search: u,
  }),
  mst_class: (u) => ({
    create: { name: `Kelas ${u}`, mst_grade_id: ids.gradeSd },
    update: { is_active: false },
    search: u,
  }),
  class_period: () => ({
    create: { school_period_id: ids.periodSd, mst_class_id: ids['Kelas Uji A'], quota: 5 },
    update: { quota: 7 },
    search: 'Kelas Uji A',
  }),
  mst_subject: (u) => ({ create: { name: `Mapel ${u}`, code: 'UJI' }, update: { code: 'UJ2' }, search: u }),
  mst_accepted_status: (u) => ({
    create: { name: `Status ${u}`, is_accepted: true },
    update: { description: 'Diubah' },
    search: u,
  }),
  mst_jalur: (u) => ({ create: { name: `Jalur ${u}` }, update: { is_internal: true }, search: u }),
  mst_question: (u) => ({
    create: { question: `Pertanyaan ${u}?`, answer_type: 'text' },
    update: { sort_order: 9 },
    search: u,
  }),
  mst_item: (u) => ({
    create: { name: `Barang ${u}`, price: 125000, school_id: ids.sd },
    update: { price: 130000 },
    search: u,
  }),
  role: (u) => ({ create: { name: `Peran ${u}` }, update: { name: `Peran ${u} Baru` }, search: u }),
  user: (u) => ({
    create: { name: `Pengguna ${u}`, email: `${u}@contoh.id`, role_id: ids.teacher, password: 'rahasia1' },
    update: { phone_number: '081200000001' },
    search: u,
  }),
  mst_jurnal: (u) => ({
    create: { code: `J-${u}`, name: `Jurnal ${u}` },
    update: { description: 'x' },
    search: u,
  }),
  mst_coa: (u) => ({
    create: { code: `C-${u}`, name: `Akun ${u}`, account_type: 'aset', mst_jurnal_id: ids.jurnal },
    update: { account_type: 'beban' },
    search: u,
  }),
  mst_resp: (u) => ({
    create: { code: `R-${u}`, name: `Pusat ${u}`, school_id: ids.sd },
    update: { name: `Pusat ${u} Baru` },
    search: u,
  }),
  mst_type_payment: (u) => ({
    create: { name: `Tipe ${u}`, code: `T-${u.toUpperCase()}`, sort_order: 4 },
    update: { is_installment_allowed: true },
    search: u,
  }),
  mst_payment: (u) => ({
    create: { name: `Komponen ${u}`, mst_type_payment_id: ids.typeTest },
    update: { description: 'Dibayar sekali' },
    search: u,
  }),
  mst_additional_payment: (u) => ({
    create: { name: `Infaq ${u}`, mst_type_payment_id: ids.typeTest, amount: 100000, school_id: ids.sd },
    update: { amount: 150000, is_optional: false },
    search: u,
  }),
  school_payment: () => ({
    create: {
      school_period_id: ids.periodSd,
      mst_type_payment_id: ids.typeTest,
      channels: ['bca', 'qris'],
      due_date: '2027-06-30',
    },
    update: { expiry_hours: 48, channels: ['qris'], max_installments: 3 },
    search: 'Tipe Uji Sekolah',
  }),
  setup_payment: () => ({
    create: {
      school_period_id: ids.periodSd,
      mst_class_id: ids['Kelas Uji A'],
      mst_payment_id: ids.paymentTest,
      amount: 1500000,
    },
    update: { amount: 1750000 },
    search: 'Komponen Uji Setup',
  }),
  mst_test: (u) => ({
    create: { name: `Tes ${u}`, code: 'TU', bring_items: 'Alat tulis' },
    update: { description: 'Tes uji' },
    search: u,
  }),
  mst_room: (u) => ({
    create: { name: `Ruang ${u}`, school_id: ids.sd, capacity: 20 },
    update: { capacity: 25, location: 'Gedung A' },
    search: u,
  }),
  schedule_test: () => ({
    create: {
      school_period_id: ids.periodSd,
      mst_test_id: ids.testType,
      start_date: '2027-01-10',
      end_date: '2027-01-20',
    },
    update: { description: 'Jadwal uji' },
    search: 'Tipe Tes Uji',
  }),
  mst_test_detail: (u) => ({
    create: {
      name: `Sesi ${u}`,
      mst_test_id: ids.testType,
      school_period_id: ids.periodSd,
      mst_room_id: ids.room,
      test_date: '2027-01-12',
      start_time: '08:00',
      end_time: '10:00',
      quota: 10,
    },
    update: { end_time: '11:30', quota: 12 },
    search: u,
  }),
  'us/convenience_fee': (u) => ({
    create: { name: `Biaya ${u}`, channel: 'cimb', fee_type: 'percent', percent_bp: 150, is_active: false },
    update: { min_amount: 2000, max_amount: 9000 },
    search: u,
  }),
};
