import crypto from 'node:crypto';
import { VOUCHER_ALPHABET, VOUCHER_LENGTH } from '@psb/contracts';
import { nextRegistrationNumber } from '../modules/registrants';
import { kyselyOnClient } from './kysely';
import type { Pool } from './pool';
import { schoolIdsByLevel, tenantIdBySlug } from './seed-queries';

/**
 * Demo data of the parent journey (issue 4), for tenant `demo`; idempotent (run on every start):
 * - page content: registration steps, interview announcement, interview guide (source of the PDF);
 * - vouchers of the active year: fixed codes for demos and e2e, plus 20 random ones;
 * - class quotas for the demo periods when the master-data seed left none;
 * - one registrant in progress for orangtua@demo.sch.id (voucher DEMO-SD-0099), so /home has something.
 */

/** Unused vouchers with fixed codes (documented for e2e): SD only, SMP only, and any school. */
export const DEMO_VOUCHERS = {
  sd: ['DEMO-SD-0001', 'DEMO-SD-0002', 'DEMO-SD-0003', 'DEMO-SD-0004', 'DEMO-SD-0005'],
  smp: ['DEMO-SMP-0001', 'DEMO-SMP-0002', 'DEMO-SMP-0003'],
  any: ['DEMO-ALL-0001', 'DEMO-ALL-0002'],
  /** Already used by the seeded registrant of orangtua@demo.sch.id. */
  used: 'DEMO-SD-0099',
} as const;

const REGISTRATION_STEPS = {
  register: {
    title: 'Langkah 1: Pendaftaran Akun dan Voucher',
    intro: 'Pendaftaran calon murid dilakukan secara daring menggunakan voucher pendaftaran.',
    steps: [
      'Dapatkan voucher pendaftaran di kantor tata usaha sekolah atau melalui pembelian online.',
      'Buat akun orang tua/wali dengan email atau nomor HP yang aktif, atau langsung gunakan kode voucher dan buat kata sandi.',
      'Masuk ke akun Anda, lalu tekan tombol "Tambah Calon Murid".',
      'Masukkan kode voucher dan kata sandi akun Anda, lalu pilih sekolah, periode pendaftaran dan kelas tujuan.',
      'Setelah berhasil, nomor pendaftaran calon murid akan tampil di halaman Beranda.',
    ],
  },
  payment: {
    title: 'Langkah 2: Pembayaran',
    intro: 'Biaya pendaftaran dibayarkan melalui virtual account bank.',
    steps: [
      'Buka halaman pembayaran calon murid dari halaman Beranda.',
      'Catat nomor virtual account (BCA, BNI, BRI atau Mandiri) yang muncul beserta batas waktunya.',
      'Lakukan transfer sesuai jumlah tagihan sebelum batas waktu berakhir.',
      'Status pembayaran diperbarui otomatis dalam beberapa menit setelah transfer berhasil.',
    ],
  },
  biodata: {
    title: 'Langkah 3: Pengisian Biodata',
    intro: 'Lengkapi formulir calon murid dengan data yang benar sesuai dokumen resmi.',
    steps: [
      'Isi data pribadi calon murid, riwayat pendidikan dan data saudara.',
      'Isi data ayah, ibu dan (bila ada) wali. Data tersimpan otomatis setiap pindah halaman.',
      'Unggah pas foto, akta kelahiran dan kartu keluarga (JPG, PNG atau PDF, maksimal 5 MB).',
      'Setelah semua terisi, periksa kembali lalu tekan tombol Submit di halaman Beranda.',
      'Formulir yang sudah dikirim terkunci; hubungi panitia bila ada data yang perlu diubah.',
    ],
  },
};

const INTERVIEW_ANNOUNCEMENT = {
  title: 'Pengumuman Wawancara Orang Tua dan Observasi Calon Murid',
  body:
    'Wawancara orang tua dan observasi calon murid dilaksanakan setelah formulir dikirim dan biaya ' +
    'pendaftaran lunas. Jadwal masing-masing calon murid dapat dilihat pada halaman Beranda akun orang tua. ' +
    'Mohon hadir 15 menit sebelum jadwal dan membawa dokumen asli.',
  schedule: [
    'Gelombang 1: setiap Sabtu, 08.00-12.00 WIB, November 2026 - Maret 2027.',
    'Tempat: gedung sekolah masing-masing (Kampus Merdeka, Jl. Merdeka No. 45-47, Bandung).',
    'Bawa: kartu tes, akta kelahiran dan kartu keluarga asli, serta rapor terakhir (untuk jenjang SMP).',
  ],
};

const INTERVIEW_GUIDE = {
  title: 'Panduan Wawancara Orang Tua dan Observasi Calon Murid',
  intro:
    'Wawancara bertujuan mengenal keluarga dan kesiapan calon murid, serta menyamakan harapan antara ' +
    'orang tua dan sekolah. Wawancara berlangsung sekitar 30 menit dan dihadiri oleh ayah dan/atau ibu.',
  sections: [
    {
      title: 'Sebelum wawancara',
      items: [
        'Pastikan formulir calon murid sudah dikirim dan biaya pendaftaran sudah lunas.',
        'Periksa jadwal wawancara pada halaman Beranda akun orang tua.',
        'Siapkan kartu tes, akta kelahiran, kartu keluarga asli dan rapor terakhir (untuk jenjang SMP).',
      ],
    },
    {
      title: 'Pada hari wawancara',
      items: [
        'Datang 15 menit sebelum jadwal dan melapor ke meja panitia.',
        'Calon murid mengikuti observasi di kelas bersama guru, sementara orang tua diwawancarai.',
        'Gunakan pakaian rapi dan sopan; calon murid tidak perlu berseragam.',
      ],
    },
    {
      title: 'Topik yang dibicarakan',
      items: [
        'Alasan memilih sekolah dan harapan orang tua.',
        'Kebiasaan belajar, kemandirian dan kesehatan anak.',
        'Dukungan keluarga terhadap kegiatan sekolah.',
      ],
    },
  ],
  closing:
    'Hasil wawancara dan observasi menjadi bahan pertimbangan kelulusan. Pengumuman kelulusan ' +
    'disampaikan melalui akun orang tua paling lambat dua minggu setelah wawancara.',
};

const DEMO_ANSWERS: Record<string, unknown> = {
  '1': 'Ananda Putri Santoso',
  '2': 'Putri',
  '3': 'Indonesia',
  '78': 'Jawa Barat',
  '79': 'Kota Bandung',
  '4': '2020-05-14',
  '5': 'Perempuan',
  '6': 'Islam',
  '7': 'O',
  '9': '+6281234567890',
  '10': 'Jl. Ir. H. Juanda No. 10',
  '57': 'Jawa Barat',
  '58': 'Kota Bandung',
  '59': 'Coblong',
  '60': 'Dago',
  '61': '40135',
};

const randomCode = () =>
  Array.from(
    { length: VOUCHER_LENGTH },
    () => VOUCHER_ALPHABET[crypto.randomInt(VOUCHER_ALPHABET.length)],
  ).join('');

export async function seedParentJourney(ownerPool: Pool): Promise<boolean> {
  const client = await ownerPool.connect();
  try {
    await client.query('BEGIN');
    const db = kyselyOnClient(client);
    const tenantId = await tenantIdBySlug(db, 'demo');
    if (tenantId === undefined) {
      await client.query('ROLLBACK');
      return false;
    }
    await client.query("SELECT set_config('app.tenant_id', $1, true)", [String(tenantId)]);
    const q = (sql: string, values: unknown[] = []) => client.query(sql, [tenantId, ...values]);

    const content: [string, string][] = [
      ['registration_steps', JSON.stringify(REGISTRATION_STEPS)],
      ['interview_announcement', JSON.stringify(INTERVIEW_ANNOUNCEMENT)],
      ['interview_guide', JSON.stringify(INTERVIEW_GUIDE)],
    ];
    await q(
      `INSERT INTO configs (tenant_id, name, value) SELECT $1, unnest($2::text[]), unnest($3::text[])
       ON CONFLICT (tenant_id, name) DO NOTHING`,
      [content.map((c) => c[0]), content.map((c) => c[1])],
    );

    if (await db.selectFrom('mst_tokens').select('id').where('tenant_id', '=', tenantId).executeTakeFirst()) {
      await client.query('COMMIT');
      return false;
    }
    const year = await db
      .selectFrom('school_years')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .orderBy('start_date', 'desc')
      .executeTakeFirst();
    if (!year) {
      await client.query('COMMIT');
      return false;
    }
    const schools = await schoolIdsByLevel(db, tenantId);
    const sd = schools.get('SD') ?? null;
    const smp = schools.get('SMP') ?? null;
    const vouchers: [string, number | null][] = [
      ...DEMO_VOUCHERS.sd.map((c): [string, number | null] => [c, sd]),
      ...DEMO_VOUCHERS.smp.map((c): [string, number | null] => [c, smp]),
      ...DEMO_VOUCHERS.any.map((c): [string, number | null] => [c, null]),
      [DEMO_VOUCHERS.used, sd],
      ...Array.from({ length: 20 }, (): [string, number | null] => [randomCode(), null]),
    ];
    await q(
      `INSERT INTO mst_tokens (tenant_id, token, method, school_year_id, school_id, note)
       SELECT $1, unnest($2::text[]), 'offline', $3, unnest($4::int[]), 'Voucher demo'
       ON CONFLICT (tenant_id, token) DO NOTHING`,
      [vouchers.map((v) => v[0]), year.id, vouchers.map((v) => v[1])],
    );

    // Class quotas of the active year's periods, if the master-data seed has not made any.
    await q(
      `INSERT INTO class_periods (tenant_id, school_period_id, mst_class_id, quota)
       SELECT $1, p.id, k.id, 30
       FROM school_periods p
       JOIN mst_classes k ON k.tenant_id = p.tenant_id AND k.deleted_at IS NULL
       JOIN mst_grades g ON g.tenant_id = k.tenant_id AND g.id = k.mst_grade_id
                        AND (g.school_id = p.school_id OR g.school_id IS NULL)
       WHERE p.tenant_id = $1 AND p.school_year_id = $2 AND p.deleted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM class_periods c WHERE c.tenant_id = p.tenant_id AND c.school_period_id = p.id)
       ON CONFLICT DO NOTHING`,
      [year.id],
    );

    // One registrant in progress for the demo parent.
    const place =
      sd === null
        ? undefined
        : await db
            .selectFrom('school_periods as p')
            .innerJoin('school_years as y', (j) =>
              j.onRef('y.tenant_id', '=', 'p.tenant_id').onRef('y.id', '=', 'p.school_year_id'),
            )
            .innerJoin('class_periods as cp', (j) =>
              j
                .onRef('cp.tenant_id', '=', 'p.tenant_id')
                .onRef('cp.school_period_id', '=', 'p.id')
                .on('cp.deleted_at', 'is', null),
            )
            .innerJoin('mst_classes as k', (j) =>
              j.onRef('k.tenant_id', '=', 'cp.tenant_id').onRef('k.id', '=', 'cp.mst_class_id'),
            )
            .select((eb) => [
              'p.id as period_id',
              'p.school_id',
              'cp.mst_class_id as class_id',
              eb.fn<string>('to_char', ['y.start_date', eb.val('YYYY')]).as('year'),
            ])
            .where('p.tenant_id', '=', tenantId)
            .where('p.school_year_id', '=', year.id)
            .where('p.school_id', '=', sd)
            .where('p.deleted_at', 'is', null)
            .orderBy('p.start_date')
            .orderBy((eb) => eb('k.name', '=', 'Kelas 1'), 'desc')
            .orderBy('k.name')
            .limit(1)
            .executeTakeFirst();
    const parent = await db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', 'orangtua@demo.sch.id'))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (place && parent && sd !== null) {
      const registrationNumber = await nextRegistrationNumber(db, tenantId, place.year, 'SD');
      const voucher = await db
        .selectFrom('mst_tokens')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('token', '=', DEMO_VOUCHERS.used)
        .executeTakeFirstOrThrow();
      const reg = await db
        .insertInto('registrants')
        .values({
          tenant_id: tenantId,
          user_id: parent.id,
          school_id: place.school_id,
          school_period_id: place.period_id,
          mst_class_id: place.class_id,
          school_year_id: year.id,
          token_id: voucher.id,
          registration_number: registrationNumber,
          name: typeof DEMO_ANSWERS['1'] === 'string' ? DEMO_ANSWERS['1'] : null,
          question_answer: DEMO_ANSWERS,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await q(
        `UPDATE mst_tokens SET used_at = now(), used_by_user_id = $2, owner_user_id = $2, registrant_id = $3
         WHERE tenant_id = $1 AND id = $4`,
        [parent.id, reg.id, voucher.id],
      );
      await q(
        `UPDATE class_periods cp SET used_quota = (SELECT count(*) FROM registrants r WHERE r.tenant_id = cp.tenant_id
           AND r.school_period_id = cp.school_period_id AND r.mst_class_id = cp.mst_class_id AND r.deleted_at IS NULL)
         WHERE cp.tenant_id = $1 AND cp.school_period_id = $2 AND cp.mst_class_id = $3`,
        [place.period_id, place.class_id],
      );
    }
    await client.query('COMMIT');
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
