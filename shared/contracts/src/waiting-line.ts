/**
 * The waiting room's wire format, zod-free so the api client (on every first load) can read it. When the
 * server is at capacity for new sessions or registrations it answers 503 with this body and `Retry-After`;
 * the client shows the wait and sends the same request again after `Retry-After` seconds with the ticket in
 * QUEUE_TICKET_HEADER, which keeps its place (first arrival) in the line.
 */
export const QUEUE_TICKET_HEADER = 'x-queue-ticket';

export interface WaitingRoomAnswer {
  success: false;
  message: string;
  /** 1 = next in line. */
  position: number;
  estimated_seconds: number;
  /** Signed first-arrival ticket; send it back to keep the place. */
  ticket: string;
}

export function isWaitingRoomAnswer(body: unknown): body is WaitingRoomAnswer {
  const b = body as Partial<WaitingRoomAnswer> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.position === 'number' &&
    typeof b.estimated_seconds === 'number' &&
    typeof b.ticket === 'string'
  );
}

/** The waiting screen's words, here so the server's message and the screen say the same. */
export const waitingMessage = (position: number, seconds: number) =>
  `Anda dalam antrean, nomor ${position}. Perkiraan waktu tunggu ${waitText(seconds)}. Jangan tutup halaman ini; data yang Anda isi tetap tersimpan.`;

export function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} detik`;
  return `${Math.ceil(seconds / 60)} menit`;
}
