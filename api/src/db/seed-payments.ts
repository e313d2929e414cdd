import type { Pool } from './pool';
import { seedDemoOnce } from './seed-once';

/** Payment types (name, code, installments allowed), each with its components (name, COA code). */
const TYPES = [
  ['Formulir', 'FORM', false, [['Biaya Formulir', '4101']]],
  [
    'Uang Pangkal',
    'UP',
    true,
    [
      ['Uang Gedung', '4102'],
      ['Uang Kegiatan Tahunan', '4102'],
    ],
  ],
  [
    'Seragam',
    'SRG',
    false,
    [
      ['Seragam Harian', '4101'],
      ['Seragam Olahraga', '4101'],
    ],
  ],
] as const;

/**
 * Amount of a component per class of a seeded period: [component, amount for SD, for SMP, entry class only].
 * Entry-class-only lines are set for Kelas 1 / Kelas 7; the others apply to every class (no class).
 */
const AMOUNTS = [
  ['Biaya Formulir', 350_000, 400_000, false],
  ['Uang Gedung', 12_500_000, 15_000_000, true],
  ['Uang Kegiatan Tahunan', 2_400_000, 2_750_000, false],
  ['Seragam Harian', 650_000, 750_000, false],
  ['Seragam Olahraga', 225_000, 250_000, false],
] as const;

/**
 * The demo tenant's payment master data, when it has none yet (checked by its payment types): types,
 * components, amounts for every live period, the billing rules per period, an optional infaq, and an admin fee
 * for every channel (flat for virtual accounts, 0.7 % for QRIS). Safe on every start.
 */
export async function seedDemoPayments(ownerPool: Pool): Promise<boolean> {
  return seedDemoOnce(ownerPool, 'mst_type_payments', async ({ q }) => {
    await q(
      `INSERT INTO mst_type_payments (tenant_id, name, code, is_installment_allowed, sort_order)
       SELECT $1::int, unnest($2::text[]), unnest($3::text[]), unnest($4::boolean[]), generate_series(1, $5::int)`,
      [TYPES.map((t) => t[0]), TYPES.map((t) => t[1]), TYPES.map((t) => t[2]), TYPES.length],
    );
    const components = TYPES.flatMap(([type, , , parts]) => parts.map(([name, coa]) => [type, name, coa]));
    await q(
      `INSERT INTO mst_payments (tenant_id, name, mst_type_payment_id, mst_coa_id)
       SELECT $1::int, c.name, t.id, a.id
       FROM unnest($2::text[], $3::text[], $4::text[]) AS c(type, name, coa)
       JOIN mst_type_payments t ON t.tenant_id = $1 AND t.name = c.type
       LEFT JOIN mst_coas a ON a.tenant_id = $1 AND a.code = c.coa`,
      [components.map((c) => c[0]), components.map((c) => c[1]), components.map((c) => c[2])],
    );
    // Every live period: entry-class lines for Kelas 1 / 7, the rest for every class.
    await q(
      `INSERT INTO setup_payments (tenant_id, school_period_id, mst_class_id, mst_payment_id, amount)
       SELECT $1::int, p.id, k.id, m.id, CASE WHEN s.level = 'SMP' THEN a.smp ELSE a.sd END
       FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::boolean[]) AS a(name, sd, smp, entry)
       JOIN mst_payments m ON m.tenant_id = $1 AND m.name = a.name
       JOIN school_periods p ON p.tenant_id = $1 AND p.deleted_at IS NULL
       JOIN schools s ON s.tenant_id = $1 AND s.id = p.school_id
       LEFT JOIN mst_classes k ON a.entry AND k.tenant_id = $1
         AND k.name = CASE WHEN s.level = 'SMP' THEN 'Kelas 7' ELSE 'Kelas 1' END
       WHERE NOT a.entry OR k.id IS NOT NULL`,
      [
        AMOUNTS.map((a) => a[0]),
        AMOUNTS.map((a) => a[1]),
        AMOUNTS.map((a) => a[2]),
        AMOUNTS.map((a) => a[3]),
      ],
    );
    // Formulir is offered through every channel; Uang Pangkal may be paid in 3 installments until a month
    // after the period closes and is shown with the graduation result. Billing on registration stays off until
    // staff switch it on for a period. The money is received at the bank account (the journal's debit), so
    // the demo journal maps every account.
    await q(
      `INSERT INTO school_payments (tenant_id, school_period_id, mst_type_payment_id, channels, expiry_hours,
         due_date, max_installments, generate_after_registration, show_at_graduation, mst_coa_id)
       SELECT $1::int, p.id, t.id,
              CASE t.code WHEN 'FORM' THEN '{bca,bni,bri,cimb,permata,mandiri,qris}'::text[]
                          ELSE '{bca,bni,bri,mandiri,permata}'::text[] END,
              CASE t.code WHEN 'FORM' THEN 24 ELSE 72 END,
              CASE t.code WHEN 'UP' THEN p.end_date + 30 END,
              CASE t.code WHEN 'UP' THEN 3 ELSE 1 END,
              false, t.code = 'UP',
              (SELECT a.id FROM mst_coas a WHERE a.tenant_id = $1 AND a.code = '1102')
       FROM school_periods p CROSS JOIN mst_type_payments t
       WHERE p.tenant_id = $1 AND p.deleted_at IS NULL AND t.tenant_id = $1`,
      [],
    );
    await q(
      `INSERT INTO mst_additional_payments (tenant_id, name, mst_type_payment_id, amount, is_optional, description)
       SELECT $1::int, 'Infaq Pembangunan Masjid', id, 500000, true, 'Sukarela; boleh tidak dipilih.'
       FROM mst_type_payments WHERE tenant_id = $1 AND code = 'UP'`,
      [],
    );
    await q(
      `INSERT INTO convenience_fees (tenant_id, name, channel, fee_type, flat_amount, percent_bp, min_amount)
       SELECT $1::int, 'Biaya Admin ' || upper(c), c, 'flat', 4000, 0, NULL
       FROM unnest('{bca,bni,bri,cimb,permata,mandiri}'::text[]) c
       UNION ALL SELECT $1::int, 'Biaya Admin QRIS', 'qris', 'percent', 0, 70, 1000`,
      [],
    );
  });
}
