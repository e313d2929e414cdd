/**
 * Midtrans writes times as "YYYY-MM-DD HH:MM:SS" in WIB (GMT+7) without an offset; reading them as UTC or as
 * the server's local time shifts every expiry by hours. `custom_expiry.order_time` is the one place where
 * Midtrans wants the offset written out ("… +0700").
 */
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;
const WIB_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\s*\+0?7:?00)?$/;

/** "2026-11-23 22:49:56" (WIB) → the instant; undefined for anything else (fields are parsed leniently). */
export function parseWib(text: string | null | undefined): Date | undefined {
  const m = WIB_TEXT.exec(text?.trim() ?? '');
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - WIB_OFFSET_MS);
  // Date.UTC rolls 2026-02-31 over to March; such a text is not a time.
  const back = new Date(at.getTime() + WIB_OFFSET_MS);
  return back.getUTCDate() === d && back.getUTCMonth() === mo - 1 ? at : undefined;
}

/** The instant as WIB wall-clock text "YYYY-MM-DD HH:MM:SS" (seconds truncated). */
export function formatWib(at: Date): string {
  return new Date(at.getTime() + WIB_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** "YYYY-MM-DD HH:MM:SS +0700", the form `custom_expiry.order_time` asks for. */
export const formatWibWithOffset = (at: Date) => `${formatWib(at)} +0700`;

/** The WIB calendar date "YYYY-MM-DD" of an instant (Iris statements are asked for by date). */
export const wibDate = (at: Date) => formatWib(at).slice(0, 10);
