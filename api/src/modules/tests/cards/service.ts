import { TEST_CARD_MSG } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import type { StorageAdapter } from '../../../integrations/storage';
import { HttpError, notFound } from '../../../lib/http-error';
import { type DocumentInput, renderDocuments } from '../../../lib/pdf/document';
import { readContentImage, schoolFormat } from '../../content';
import { type CardRow, cardRows } from './repository';

export interface CardContext {
  storage: StorageAdapter;
  themeColor: string;
  author: string;
}

const longDate = new Intl.DateTimeFormat('id-ID', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tes Tertulis (Sesi 1): Sabtu, 14 November 2026 pukul 08.00–10.00 WIB" — times are stored as WIB already. */
export const scheduleText = (
  r: Pick<CardRow, 'test_name' | 'session_name' | 'test_date' | 'start_time' | 'end_time'>,
) =>
  `${r.test_name} (${r.session_name}): ${longDate.format(new Date(`${r.test_date}T00:00:00Z`))} pukul ${r.start_time.replace(':', '.')}–${r.end_time.replace(':', '.')} WIB`;

/** The registrant's uploaded photo when it is a picture pdfkit can draw (PNG or JPEG); else none. */
async function photoOf(storage: StorageAdapter, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const obj = await storage.get(key);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of obj.stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  return png || jpeg ? bytes : null;
}

/**
 * The cards of the given seats as one PDF, one page per registrant (a registrant with seats in several
 * sessions gets one card listing them all), each in its school's test-card layout with its photo.
 */
export async function cardsPdf(c: TenantConn, ctx: CardContext, rows: readonly CardRow[]) {
  const byRegistrant = new Map<number, CardRow[]>();
  for (const r of rows) byRegistrant.set(r.registrant_id, [...(byRegistrant.get(r.registrant_id) ?? []), r]);
  const layouts = new Map<number, Awaited<ReturnType<typeof layoutOf>>>();
  const layoutOf = async (schoolId: number) => {
    const template = (await schoolFormat(c, schoolId, 'test_card')).data;
    const [logo, signature] = await Promise.all([
      template.logo ? readContentImage(ctx.storage, c.tenantId, template.logo) : null,
      template.signature_image ? readContentImage(ctx.storage, c.tenantId, template.signature_image) : null,
    ]);
    return { template, logo, signature };
  };
  const inputs: DocumentInput[] = [];
  for (const seats of byRegistrant.values()) {
    const r = seats[0]!;
    if (!layouts.has(r.school_id)) layouts.set(r.school_id, await layoutOf(r.school_id));
    const layout = layouts.get(r.school_id)!;
    inputs.push({
      ...layout,
      photo: await photoOf(ctx.storage, r.photo_key),
      themeColor: ctx.themeColor,
      author: ctx.author,
      values: {
        nama: r.name ?? '',
        no_pendaftaran: r.registration_number,
        sekolah: r.school_name,
        kelas: r.class_name ?? '',
        tahun_ajaran: r.year_name,
        jadwal_tes: seats.map(scheduleText).join('; '),
        ruang: [...new Set(seats.map((s) => s.room_name))].join(', '),
      },
    });
  }
  return renderDocuments(inputs);
}

/** Staff: a registrant's card, published or not (they print it for the registrant). */
export async function staffCard(c: TenantConn, ctx: CardContext, registrantId: number) {
  const rows = await cardRows(c.db, c.tenantId, { registrant: registrantId });
  if (rows.length === 0) throw notFound(TEST_CARD_MSG.noSeat);
  return { pdf: await cardsPdf(c, ctx, rows), number: rows[0]!.registration_number };
}

/** Staff: every card of a session in one file, to print at once. */
export async function sessionCards(c: TenantConn, ctx: CardContext, sessionId: number) {
  const session = await c.db
    .selectFrom('mst_test_details')
    .select('name')
    .where('tenant_id', '=', c.tenantId)
    .where('id', '=', sessionId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!session) throw notFound();
  const rows = await cardRows(c.db, c.tenantId, { session: sessionId });
  if (rows.length === 0) throw new HttpError(409, TEST_CARD_MSG.emptySession);
  return { pdf: await cardsPdf(c, ctx, rows), name: session.name };
}

/** The parent's own card: 404 when not theirs or not seated, 403 until the school publishes it. */
export async function parentCard(c: TenantConn, ctx: CardContext, userId: number, registrantId: number) {
  const rows = await cardRows(c.db, c.tenantId, { registrant: registrantId, owner: userId });
  if (rows.length === 0) throw notFound();
  if (!rows[0]!.test_announcement_published_at) throw new HttpError(403, TEST_CARD_MSG.notPublished);
  return { pdf: await cardsPdf(c, ctx, rows), number: rows[0]!.registration_number };
}
