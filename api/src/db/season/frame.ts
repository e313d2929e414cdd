import type { PoolClient } from '../pool';

/** What the tenant already has that a season fills: its active year, periods with class places, fees, tests. */
export interface Frame {
  tenantId: number;
  year: { id: number; name: string; startYear: number };
  places: Place[];
  /** Payment types in their order; `lines` per period id. */
  types: FeeType[];
  testId: number;
  subjectIds: number[];
  statuses: { accepted: number; reserve: number; rejected: number };
  staffId: number;
  parentRoleId: number;
}
export interface Place {
  periodId: number;
  periodName: string;
  periodStart: string;
  schoolId: number;
  level: string;
  classId: number;
  className: string;
  quota: number;
}
export interface FeeType {
  id: number;
  installments: boolean;
  /** Per period: the fee lines (class null = every class) and the billing settings. */
  byPeriod: Map<
    number,
    {
      lines: { classId: number | null; paymentId: number; name: string; amount: number }[];
      channels: string[];
      expiryHours: number;
      showAtGraduation: boolean;
      dueDate: string | null;
    }
  >;
}

export class SeasonRefused extends Error {}

const one = async <T>(client: PoolClient, sql: string, values: unknown[]) =>
  (await client.query(sql, values)).rows[0] as T | undefined;

/** Reads the tenant's frame, or refuses with what is missing (in Indonesian, for the person at the console). */
export async function loadFrame(client: PoolClient, tenantId: number, slug: string): Promise<Frame> {
  const need = (what: string): never => {
    throw new SeasonRefused(`Yayasan "${slug}" belum memiliki ${what}; lengkapi data master lebih dulu.`);
  };
  const year =
    (await one<{ id: number; name: string; start_year: number }>(
      client,
      `SELECT id, name, extract(year FROM start_date)::int AS start_year FROM school_years
       WHERE tenant_id = $1 AND is_active AND deleted_at IS NULL ORDER BY start_date DESC LIMIT 1`,
      [tenantId],
    )) ?? need('tahun ajaran aktif');
  const { rows: places } = await client.query<Place>(
    `SELECT p.id AS "periodId", p.name AS "periodName", to_char(p.start_date, 'YYYY-MM-DD') AS "periodStart",
            p.school_id AS "schoolId", s.level, k.id AS "classId", k.name AS "className", cp.quota
     FROM school_periods p
     JOIN schools s ON s.tenant_id = p.tenant_id AND s.id = p.school_id AND s.deleted_at IS NULL
     JOIN class_periods cp ON cp.tenant_id = p.tenant_id AND cp.school_period_id = p.id
          AND cp.deleted_at IS NULL AND cp.is_active
     JOIN mst_classes k ON k.tenant_id = cp.tenant_id AND k.id = cp.mst_class_id AND k.deleted_at IS NULL
     WHERE p.tenant_id = $1 AND p.school_year_id = $2 AND p.deleted_at IS NULL
     ORDER BY p.id, k.id`,
    [tenantId, year.id],
  );
  if (places.length === 0) need(`periode pendaftaran dengan kuota kelas pada tahun ajaran ${year.name}`);

  const { rows: lines } = await client.query<{
    type_id: number;
    installments: boolean;
    period_id: number;
    class_id: number | null;
    payment_id: number;
    name: string;
    amount: string;
    channels: string[] | null;
    expiry_hours: number | null;
    show_at_graduation: boolean | null;
    due_date: string | null;
  }>(
    `SELECT t.id AS type_id, t.is_installment_allowed AS installments, sp.school_period_id AS period_id,
            sp.mst_class_id AS class_id, m.id AS payment_id, m.name, sp.amount,
            sc.channels, sc.expiry_hours, sc.show_at_graduation,
            to_char(sc.due_date, 'YYYY-MM-DD') AS due_date
     FROM setup_payments sp
     JOIN mst_payments m ON m.tenant_id = sp.tenant_id AND m.id = sp.mst_payment_id AND m.deleted_at IS NULL
     JOIN mst_type_payments t ON t.tenant_id = m.tenant_id AND t.id = m.mst_type_payment_id AND t.deleted_at IS NULL
     LEFT JOIN school_payments sc ON sc.tenant_id = sp.tenant_id AND sc.school_period_id = sp.school_period_id
          AND sc.mst_type_payment_id = t.id AND sc.deleted_at IS NULL
     WHERE sp.tenant_id = $1 AND sp.deleted_at IS NULL AND sp.mst_jalur_id IS NULL
       AND sp.school_period_id = ANY($2::int[])
     ORDER BY t.sort_order, t.id, m.id`,
    [tenantId, [...new Set(places.map((p) => p.periodId))]],
  );
  if (lines.length === 0) need('rincian biaya per periode (Setup Pembayaran)');
  const types = new Map<number, FeeType>();
  for (const l of lines) {
    const type = types.get(l.type_id) ?? { id: l.type_id, installments: l.installments, byPeriod: new Map() };
    types.set(l.type_id, type);
    const period = type.byPeriod.get(l.period_id) ?? {
      lines: [],
      channels: l.channels ?? ['bca', 'bni', 'bri', 'mandiri', 'permata'],
      expiryHours: l.expiry_hours ?? 24,
      showAtGraduation: l.show_at_graduation ?? false,
      dueDate: l.due_date,
    };
    type.byPeriod.set(l.period_id, period);
    period.lines.push({
      classId: l.class_id,
      paymentId: l.payment_id,
      name: l.name,
      amount: Number(l.amount),
    });
  }

  const test =
    (await one<{ id: number }>(
      client,
      'SELECT id FROM mst_tests WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
      [tenantId],
    )) ?? need('jenis tes');
  const { rows: subjects } = await client.query<{ id: number }>(
    'SELECT id FROM mst_subjects WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 3',
    [tenantId],
  );
  if (subjects.length === 0) need('mata pelajaran tes');
  const status = async (where: string) =>
    (
      (await one<{ id: number }>(
        client,
        `SELECT id FROM mst_accepted_statuses WHERE tenant_id = $1 AND deleted_at IS NULL AND ${where} ORDER BY id LIMIT 1`,
        [tenantId],
      )) ?? need('status kelulusan (diterima, cadangan, tidak diterima)')
    ).id;
  const role = async (name: string) =>
    (
      (await one<{ id: number }>(client, 'SELECT id FROM roles WHERE tenant_id = $1 AND name = $2', [
        tenantId,
        name,
      ])) ?? need(`peran ${name}`)
    ).id;
  const staff =
    (await one<{ id: number }>(
      client,
      `SELECT u.id FROM users u WHERE u.tenant_id = $1 AND u.deleted_at IS NULL AND u.role_id = $2 ORDER BY u.id LIMIT 1`,
      [tenantId, await role('superadmin')],
    )) ?? need('akun superadmin');
  return {
    tenantId,
    year: { id: year.id, name: year.name, startYear: year.start_year },
    places,
    types: [...types.values()],
    testId: test.id,
    subjectIds: subjects.map((s) => s.id),
    statuses: {
      accepted: await status('is_accepted'),
      reserve: await status('is_reserve'),
      rejected: await status('NOT is_accepted AND NOT is_reserve'),
    },
    staffId: staff.id,
    parentRoleId: await role('user'),
  };
}
