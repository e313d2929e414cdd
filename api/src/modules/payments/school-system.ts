import { sql } from 'kysely';
import type { ExportFormat, QueryExport } from '../../engine';
import type { ServiceContext } from '../../service-context';

/**
 * Paid registrants handed to a school information system ("send data to <product>"). Each product is an
 * adapter; the one every deployment has is the file: the same rows as a spreadsheet the school imports into
 * its system. A product with an api of its own gets an adapter here that posts the rows instead.
 */
export const SCHOOL_SYSTEM_LABELS = [
  'No. Pendaftaran',
  'Nama',
  'Sekolah',
  'Periode',
  'Kelas',
  'Jenis Pembayaran',
  'Total',
  'Dibayar',
  'Lunas',
  'Email Orang Tua',
  'No. HP Orang Tua',
];

/** The export (the route streams it) of the paid registrants for `product`. */
export async function schoolSystemExport(
  sc: ServiceContext,
  product: string,
  q: { type?: number | undefined; school_period_id?: number | undefined; format?: ExportFormat | undefined },
): Promise<QueryExport> {
  const compiled = await sc.db(async (c) => {
    let b = c.db
      .selectFrom('registrant_header_payments as h')
      .innerJoin('registrants as r', (j) =>
        j.onRef('r.tenant_id', '=', 'h.tenant_id').onRef('r.id', '=', 'h.registrant_id'),
      )
      .innerJoin('schools as s', (j) =>
        j.onRef('s.tenant_id', '=', 'h.tenant_id').onRef('s.id', '=', 'h.school_id'),
      )
      .innerJoin('school_periods as p', (j) =>
        j.onRef('p.tenant_id', '=', 'r.tenant_id').onRef('p.id', '=', 'r.school_period_id'),
      )
      .innerJoin('mst_classes as k', (j) =>
        j.onRef('k.tenant_id', '=', 'r.tenant_id').onRef('k.id', '=', 'r.mst_class_id'),
      )
      .innerJoin('mst_type_payments as t', (j) =>
        j.onRef('t.tenant_id', '=', 'h.tenant_id').onRef('t.id', '=', 'h.mst_type_payment_id'),
      )
      .innerJoin('users as u', (j) =>
        j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'),
      )
      .select([
        'r.registration_number',
        'r.name',
        's.name as school',
        'p.name as period',
        'k.name as class',
        't.name as type',
        'h.total_amount',
        'h.paid_amount',
        sql<string>`to_char(h.paid_at AT TIME ZONE 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI')`.as('paid'),
        'u.email',
        'u.phone_number',
      ])
      .where('h.tenant_id', '=', c.tenantId)
      .where('h.state', '=', 'paid')
      .where('h.deleted_at', 'is', null)
      .where('r.deleted_at', 'is', null)
      .orderBy('r.registration_number');
    if (q.type) b = b.where('h.mst_type_payment_id', '=', q.type);
    if (q.school_period_id) b = b.where('r.school_period_id', '=', q.school_period_id);
    return b.compile();
  });
  return {
    sheetName: 'Murid Lunas',
    labels: SCHOOL_SYSTEM_LABELS,
    sql: compiled.sql,
    values: [...compiled.parameters],
    fileName: `Data Murid untuk ${product.toUpperCase()}`,
    format: q.format ?? 'xlsx',
  };
}
