import { MODULE_NAMES, ROLE } from '@psb/contracts';
import type pg from 'pg';
import type { PasswordHasher } from '../lib/password';
import { kyselyOnClient } from './kysely';
import type { Pool } from './pool';
import { seedDemoMasters } from './seed-masters';
import { seedParentJourney } from './seed-parent-journey';
import { seedDemoPayments } from './seed-payments';
import { tenantIdBySlug } from './seed-queries';
import { seedDemoTests } from './seed-tests';

type Flags = [read: number, insert: number, update: number, del: number];

/** Modules a teacher may read in a new tenant (nothing on Hak Akses or Pengguna). */
const TEACHER_READ = new Set<string>([
  'Calon Murid',
  'Jadwal Tes/Observasi',
  'Kelulusan',
  'Sekolah',
  'Tahun Ajaran',
  'Periode Pendaftaran',
  'Kelas',
  'Jenjang',
  // The test pages a teacher works on: the schedule picks a test type, scoring picks a session of Data Tes.
  'Tipe Tes',
  'Data Tes',
  'Ruangan',
  'Penilaian Tes',
]);
/** What a teacher may change besides reading: the scores of the sessions they mark. */
const TEACHER_UPDATE = new Set<string>(['Penilaian Tes']);
/** What a parent (role user) may read: the information pages of the parent navbar. */
const USER_READ = new Set<string>(['Panduan PSB', 'Pengumuman', 'Contact', 'FAQ']);

/** Default permission flags of the built-in roles; every role gets an explicit row for every module. */
export function defaultFlags(role: string, module: string): Flags {
  if (role === ROLE.superadmin) return [1, 1, 1, 1];
  if (role === ROLE.teacher)
    return [TEACHER_READ.has(module) ? 1 : 0, 0, TEACHER_UPDATE.has(module) ? 1 : 0, 0];
  return USER_READ.has(module) ? [1, 0, 0, 0] : [0, 0, 0, 0];
}

/** The global module list follows MODULE_NAMES of the contracts; run on every start (cheap, idempotent). */
export async function syncModules(pool: Pool): Promise<void> {
  await pool.query('INSERT INTO modules (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [
    [...MODULE_NAMES],
  ]);
}

export interface TenantInput {
  slug: string;
  name: string;
  themeColor?: string;
}

/**
 * Inserts the tenant, its built-in roles and their role_modules on an open transaction; returns the id, or
 * null when the slug exists already. The tenant setting is transaction-local, so it also works for an owner
 * connection that is subject to forced row-level security.
 */
async function insertTenant(client: pg.ClientBase, t: TenantInput): Promise<number | null> {
  const db = kyselyOnClient(client);
  const inserted = await db
    .insertInto('tenants')
    .values({ slug: t.slug, name: t.name, theme_color: t.themeColor ?? '#055837' })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  const id = inserted?.id;
  if (id === undefined) return null;
  await client.query("SELECT set_config('app.tenant_id', $1, true)", [String(id)]);
  const roleNames = [ROLE.superadmin, ROLE.teacher, ROLE.user];
  const roles = await db
    .insertInto('roles')
    .values(roleNames.map((name) => ({ tenant_id: id, name })))
    .returning(['id', 'name'])
    .execute();
  const modules = await db.selectFrom('modules').select(['id', 'name']).orderBy('id').execute();
  // One column array per field, inserted with a single unnest.
  const cols: number[][] = [[], [], [], [], [], []];
  for (const role of roles)
    for (const m of modules)
      for (const [i, v] of [role.id, m.id, ...defaultFlags(role.name, m.name)].entries()) cols[i]!.push(v);
  await client.query(
    `INSERT INTO role_modules (tenant_id, role_id, module_id, read_action, insert_action, update_action, delete_action)
     SELECT $1, unnest($2::int[]), unnest($3::int[]), unnest($4::smallint[]), unnest($5::smallint[]),
            unnest($6::smallint[]), unnest($7::smallint[])`,
    [id, ...cols],
  );
  return id;
}

/** Creates a tenant with its built-in roles (tests and tools); returns its id (existing or new). */
export async function createTenant(ownerPool: Pool, t: TenantInput): Promise<number> {
  const client = await ownerPool.connect();
  try {
    await client.query('BEGIN');
    const id = await insertTenant(client, t);
    await client.query('COMMIT');
    if (id !== null) return id;
    return (await tenantIdBySlug(kyselyOnClient(client), t.slug))!;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_LOGINS = [
  { email: 'superadmin@demo.sch.id', name: 'Admin Yayasan', role: ROLE.superadmin, phone: null },
  { email: 'guru@demo.sch.id', name: 'Bu Sari Guru', role: ROLE.teacher, phone: null },
  { email: 'orangtua@demo.sch.id', name: 'Bapak Budi Santoso', role: ROLE.user, phone: '081234567890' },
] as const;

const CONTACT = {
  address: 'Jl. Merdeka No. 45, Kel. Sukamaju, Kec. Cibeunying, Kota Bandung, Jawa Barat 40121',
  phone: '022-7201234',
  whatsapp: '081298765432',
  email: 'psb@harapanbangsa.sch.id',
  office_hours: 'Senin–Jumat 07.30–15.30 WIB, Sabtu 08.00–12.00 WIB',
};

const GUIDE = [
  {
    key: 'daftar-akun',
    title: 'Buat akun',
    value: 'Daftarkan akun orang tua/wali dengan email atau nomor HP yang aktif, lalu masuk ke akun Anda.',
  },
  {
    key: 'isi-formulir',
    title: 'Isi formulir calon murid',
    value:
      'Lengkapi data calon murid, data ayah, ibu dan wali. Data tersimpan otomatis setiap pindah halaman.',
  },
  {
    key: 'pembayaran',
    title: 'Bayar biaya pendaftaran',
    value: 'Bayar melalui nomor virtual account yang muncul di halaman pembayaran sebelum batas waktu.',
  },
  {
    key: 'tes-observasi',
    title: 'Ikuti tes/observasi',
    value: 'Jadwal tes atau observasi diumumkan melalui akun Anda. Bawa kartu tes pada hari pelaksanaan.',
  },
  // An item without a key is a draft in the editor and must not be shown.
  { key: '', title: 'Draf langkah', value: 'Belum dipublikasikan.' },
];

const FAQ = [
  {
    topic: 'documents',
    question: 'Dokumen apa saja yang perlu disiapkan?',
    answer: 'Akta kelahiran, kartu keluarga, pas foto 3x4 berwarna, dan rapor terakhir (untuk jenjang SMP).',
  },
  {
    topic: 'documents',
    question: 'Apakah dokumen harus dilegalisir?',
    answer: 'Tidak. Unggah hasil pindaian dokumen asli; dokumen asli ditunjukkan saat verifikasi di sekolah.',
  },
  {
    topic: 'general',
    question: 'Berapa usia minimal untuk masuk SD?',
    answer: 'Usia minimal 6 tahun pada 1 Juli tahun ajaran baru.',
  },
  {
    topic: 'general',
    question: 'Apakah tersedia layanan antar-jemput?',
    answer: 'Ya, layanan antar-jemput tersedia untuk wilayah Kota Bandung dengan biaya terpisah.',
  },
  {
    topic: 'registration',
    question: 'Bagaimana cara mendaftar?',
    answer:
      'Buat akun, isi formulir calon murid, bayar biaya pendaftaran, lalu ikuti tes/observasi sesuai jadwal.',
  },
  {
    topic: 'registration',
    question: 'Bisakah mendaftarkan lebih dari satu anak?',
    answer: 'Bisa. Satu akun orang tua dapat mendaftarkan beberapa calon murid.',
  },
  {
    topic: 'payment',
    question: 'Metode pembayaran apa yang tersedia?',
    answer: 'Transfer melalui virtual account BCA, BNI, BRI dan Mandiri.',
  },
  {
    topic: 'payment',
    question: 'Apakah biaya pendaftaran dapat dikembalikan?',
    answer: 'Biaya pendaftaran yang sudah dibayarkan tidak dapat dikembalikan.',
  },
];

const WELCOME =
  'Selamat datang di Penerimaan Siswa Baru Yayasan Pendidikan Harapan Bangsa. Kami membuka pendaftaran ' +
  'untuk SD dan SMP Harapan Bangsa tahun ajaran 2027/2028. Daftarkan putra-putri Anda secara daring: buat akun, ' +
  'lengkapi formulir, lakukan pembayaran, dan pantau jadwal tes serta pengumuman kelulusan dari rumah.';

const ANNOUNCEMENT = [
  'Pendaftaran Gelombang 1 dibuka 1 Oktober 2026 sampai 31 Maret 2027.',
  'Tes/observasi calon murid dilaksanakan setiap hari Sabtu pukul 08.00 WIB di gedung sekolah masing-masing.',
  'Pengumuman kelulusan disampaikan melalui akun orang tua paling lambat dua minggu setelah tes.',
].join('\n');

/** Seeds the demo tenant once (first start); returns false when it was there already. */
export async function seedDemo(ownerPool: Pool, hasher: PasswordHasher): Promise<boolean> {
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  const client = await ownerPool.connect();
  try {
    await client.query('BEGIN');
    const tenantId = await insertTenant(client, {
      slug: 'demo',
      name: 'Yayasan Pendidikan Harapan Bangsa',
      themeColor: '#055837',
    });
    if (tenantId === null) {
      await client.query('ROLLBACK');
      // Databases seeded before the master data existed get it now (idempotent).
      await seedDemoMasters(ownerPool);
      await seedDemoPayments(ownerPool);
      await seedDemoTests(ownerPool);
      await seedParentJourney(ownerPool);
      return false;
    }
    const db = kyselyOnClient(client);
    const roleIds = new Map(
      (await db.selectFrom('roles').select(['id', 'name']).where('tenant_id', '=', tenantId).execute()).map(
        (r) => [r.name, r.id],
      ),
    );
    for (const u of DEMO_LOGINS) {
      await client.query(
        `INSERT INTO users (tenant_id, name, email, phone_number, password_hash, role_id, email_verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())`,
        [tenantId, u.name, u.email, u.phone, passwordHash, roleIds.get(u.role)],
      );
    }
    const years = await db
      .insertInto('school_years')
      .values([
        {
          tenant_id: tenantId,
          name: '2026/2027',
          start_date: '2026-07-01',
          end_date: '2027-06-30',
          is_active: false,
        },
        {
          tenant_id: tenantId,
          name: '2027/2028',
          start_date: '2027-07-01',
          end_date: '2028-06-30',
          is_active: true,
          // Vouchers of the open year can be bought online (the parent's "Beli Voucher").
          voucher_price: 150_000,
        },
      ])
      .returning(['id', 'name'])
      .execute();
    const activeYear = years.find((y) => y.name === '2027/2028')!.id;
    const schools = await db
      .insertInto('schools')
      .values([
        {
          tenant_id: tenantId,
          name: 'SD Harapan Bangsa',
          npsn: '20219876',
          level: 'SD',
          address: 'Jl. Merdeka No. 45, Bandung',
        },
        {
          tenant_id: tenantId,
          name: 'SMP Harapan Bangsa',
          npsn: '20254321',
          level: 'SMP',
          address: 'Jl. Merdeka No. 47, Bandung',
        },
      ])
      .returning(['id', 'name'])
      .execute();
    for (const s of schools) {
      await client.query(
        `INSERT INTO school_periods (tenant_id, school_id, school_year_id, name, start_date, end_date, quota, is_active)
         VALUES ($1, $2, $3, 'Gelombang 1', '2026-10-01', '2027-03-31', $4, true)`,
        [tenantId, s.id, activeYear, s.name.startsWith('SD') ? 120 : 90],
      );
    }
    const configs: [string, string][] = [
      ['contact', JSON.stringify(CONTACT)],
      ['guide', JSON.stringify(GUIDE)],
      ['faq', JSON.stringify(FAQ)],
      ['welcome_description', WELCOME],
      ['welcome_image', '/welcome.svg'],
      ['announcement', ANNOUNCEMENT],
      ['theme', '#055837'],
    ];
    await client.query(
      'INSERT INTO configs (tenant_id, name, value) SELECT $1, unnest($2::text[]), unnest($3::text[])',
      [tenantId, configs.map((c) => c[0]), configs.map((c) => c[1])],
    );
    await client.query('COMMIT');
    await seedDemoMasters(ownerPool);
    await seedDemoPayments(ownerPool);
    await seedDemoTests(ownerPool);
    await seedParentJourney(ownerPool);
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
