import type { Pool } from './pool';
import { seedDemoOnce } from './seed-once';
import { schoolIdsByLevel } from './seed-queries';

/** Master data of the demo tenant, so every master screen has rows on first start. */
const DEMO_MASTERS = {
  locations: [
    ['Kampus Merdeka', 'Kota Bandung', 'Jl. Merdeka No. 45-47, Bandung'],
    ['Kampus Dago', 'Kota Bandung', 'Jl. Ir. H. Juanda No. 120, Bandung'],
  ],
  subjects: [
    ['Matematika', 'MTK'],
    ['Bahasa Indonesia', 'BIN'],
    ['Bahasa Inggris', 'BIG'],
    ['Ilmu Pengetahuan Alam', 'IPA'],
    ['Ilmu Pengetahuan Sosial', 'IPS'],
    ['Pendidikan Agama', 'PAI'],
  ],
  statuses: [
    ['Diterima', true, 'Lulus seleksi, lanjut ke pembayaran uang pangkal.'],
    ['Cadangan', false, 'Menunggu kuota yang kosong.'],
    ['Tidak Diterima', false, null],
  ],
  jalur: [
    ['Reguler', false, 'Jalur pendaftaran umum.'],
    ['Internal', true, 'Untuk murid dari TK/SD Harapan Bangsa.'],
    ['Prestasi', false, 'Untuk calon murid dengan prestasi akademik atau non-akademik.'],
  ],
  questions: [
    ['Apa alasan Bapak/Ibu memilih sekolah ini?', 'textarea'],
    ['Bagaimana kebiasaan belajar anak di rumah?', 'textarea'],
    ['Apakah anak memiliki kebutuhan khusus yang perlu kami ketahui?', 'text'],
    ['Bagaimana anak berangkat ke sekolah?', 'choice', 'Diantar orang tua\nAntar-jemput sekolah\nSendiri'],
    ['Kegiatan ekstrakurikuler apa yang diminati anak?', 'text'],
  ],
  jurnals: [
    ['JU', 'Jurnal Umum'],
    ['JKM', 'Jurnal Kas Masuk'],
    ['JKK', 'Jurnal Kas Keluar'],
  ],
  coas: [
    ['1101', 'Kas', 'aset', 'JKM'],
    ['1102', 'Bank BCA', 'aset', 'JKM'],
    ['4101', 'Pendapatan Pendaftaran', 'pendapatan', 'JKM'],
    ['4102', 'Pendapatan Uang Pangkal', 'pendapatan', 'JKM'],
    ['5101', 'Beban Operasional', 'beban', 'JKK'],
  ],
} as const;

/**
 * Seeds the demo tenant's master data when it has none yet (checked by its grades); safe on every start.
 * Classes: TK A/B on a grade shared by all schools, Kelas 1-6 (SD) and 7-9 (SMP); class quotas for the seeded
 * periods (entry classes take most of the period's quota).
 */
export async function seedDemoMasters(ownerPool: Pool): Promise<boolean> {
  return seedDemoOnce(ownerPool, 'mst_grades', async ({ db, tenantId, q }) => {
    const M = DEMO_MASTERS;
    const locations = await db
      .insertInto('school_locations')
      .values(M.locations.map(([name, city, address]) => ({ tenant_id: tenantId, name, city, address })))
      .returning('id')
      .execute();
    await q(
      'UPDATE schools SET school_location_id = $2 WHERE tenant_id = $1 AND school_location_id IS NULL',
      [locations[0]!.id],
    );
    const schools = await schoolIdsByLevel(db, tenantId);
    const sd = schools.get('SD') ?? null;
    const smp = schools.get('SMP') ?? null;
    const grades = new Map(
      (
        await db
          .insertInto('mst_grades')
          .values(
            [
              { name: 'TK', school_id: null, description: 'Taman Kanak-kanak (berlaku untuk semua sekolah)' },
              { name: 'SD', school_id: sd, description: 'Sekolah Dasar' },
              { name: 'SMP', school_id: smp, description: 'Sekolah Menengah Pertama' },
            ].map((g) => ({ tenant_id: tenantId, ...g })),
          )
          .returning(['id', 'name'])
          .execute()
      ).map((g) => [g.name, g.id]),
    );
    const classes: [string, string][] = [
      ['TK A', 'TK'],
      ['TK B', 'TK'],
      ...[1, 2, 3, 4, 5, 6].map((n): [string, string] => [`Kelas ${n}`, 'SD']),
      ...[7, 8, 9].map((n): [string, string] => [`Kelas ${n}`, 'SMP']),
    ];
    await q(
      `INSERT INTO mst_classes (tenant_id, name, mst_grade_id)
       SELECT $1, unnest($2::text[]), unnest($3::int[])`,
      [classes.map((c) => c[0]), classes.map((c) => grades.get(c[1]))],
    );
    // Quotas per class of each seeded period: the entry class (1 or 7) most of it, the others a few places.
    await q(
      `INSERT INTO class_periods (tenant_id, school_period_id, mst_class_id, quota)
       SELECT $1, p.id, k.id,
              CASE WHEN k.name IN ('Kelas 1', 'Kelas 7') THEN p.quota - CASE WHEN s.level = 'SD' THEN 20 ELSE 10 END
                   WHEN s.level = 'SD' THEN 4 ELSE 5 END
       FROM school_periods p
       JOIN schools s ON s.tenant_id = p.tenant_id AND s.id = p.school_id
       JOIN mst_grades g ON g.tenant_id = p.tenant_id AND g.school_id = s.id
       JOIN mst_classes k ON k.tenant_id = p.tenant_id AND k.mst_grade_id = g.id
       WHERE p.tenant_id = $1 AND p.deleted_at IS NULL`,
      [],
    );
    await q(
      `INSERT INTO mst_subjects (tenant_id, name, code) SELECT $1, unnest($2::text[]), unnest($3::text[])`,
      [M.subjects.map((s) => s[0]), M.subjects.map((s) => s[1])],
    );
    await q(
      `INSERT INTO mst_accepted_statuses (tenant_id, name, is_accepted, description)
       SELECT $1, unnest($2::text[]), unnest($3::boolean[]), unnest($4::text[])`,
      [M.statuses.map((s) => s[0]), M.statuses.map((s) => s[1]), M.statuses.map((s) => s[2])],
    );
    await q(
      `INSERT INTO mst_jalurs (tenant_id, name, is_internal, description)
       SELECT $1, unnest($2::text[]), unnest($3::boolean[]), unnest($4::text[])`,
      [M.jalur.map((j) => j[0]), M.jalur.map((j) => j[1]), M.jalur.map((j) => j[2])],
    );
    await q(
      // Inactive: examples a school switches on, so the demo form stays the fixed one until it does.
      `INSERT INTO mst_questions (tenant_id, question, answer_type, options, sort_order, is_active)
       SELECT $1, unnest($2::text[]), unnest($3::text[]), unnest($4::text[]), generate_series(1, $5::int), false`,
      [
        M.questions.map((x) => x[0]),
        M.questions.map((x) => x[1]),
        M.questions.map((x) => x[2] ?? null),
        M.questions.length,
      ],
    );
    await q(
      `INSERT INTO mst_items (tenant_id, name, school_id, price, description) VALUES
         ($1, 'Seragam Putih Merah (2 stel)', $2, 350000, 'Ukuran S sampai XL'),
         ($1, 'Buku Paket Kelas 1', $2, 750000, NULL),
         ($1, 'Seragam Putih Biru (2 stel)', $3, 400000, 'Ukuran S sampai XXL'),
         ($1, 'Buku Paket Kelas 7', $3, 850000, NULL),
         ($1, 'Tas Sekolah Harapan Bangsa', NULL, 150000, 'Untuk semua jenjang')`,
      [sd, smp],
    );
    // A class's own books are offered to children of that class only.
    await q(
      `UPDATE mst_items i SET mst_class_id = k.id
       FROM mst_classes k JOIN mst_grades g ON g.tenant_id = k.tenant_id AND g.id = k.mst_grade_id
       WHERE i.tenant_id = $1 AND k.tenant_id = $1 AND i.name = 'Buku Paket ' || k.name AND g.school_id = i.school_id`,
      [],
    );
    const jurnals = new Map(
      (
        await db
          .insertInto('mst_jurnals')
          .values(M.jurnals.map(([code, name]) => ({ tenant_id: tenantId, code, name })))
          .returning(['id', 'code'])
          .execute()
      ).map((j) => [j.code, j.id]),
    );
    await q(
      `INSERT INTO mst_coas (tenant_id, code, name, account_type, mst_jurnal_id)
       SELECT $1, unnest($2::text[]), unnest($3::text[]), unnest($4::text[]), unnest($5::int[])`,
      [
        M.coas.map((c) => c[0]),
        M.coas.map((c) => c[1]),
        M.coas.map((c) => c[2]),
        M.coas.map((c) => jurnals.get(c[3])),
      ],
    );
    await q(
      `INSERT INTO mst_resps (tenant_id, code, name, school_id) VALUES
         ($1, 'YYS', 'Yayasan', NULL), ($1, 'SD', 'SD Harapan Bangsa', $2), ($1, 'SMP', 'SMP Harapan Bangsa', $3)`,
      [sd, smp],
    );
  });
}
