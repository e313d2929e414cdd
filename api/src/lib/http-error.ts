import { PASSWORD_CHANGE_REQUIRED } from '@psb/contracts';

/** An error with an HTTP status and an Indonesian message for the client; the errors plugin renders it. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly headers?: Record<string, string>,
    /** Machine-readable reason the client acts on (e.g. PASSWORD_CHANGE_REQUIRED). */
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  invalidData: 'Data tidak valid.',
  invalidFormat: 'Format data tidak valid.',
  tooLarge: 'Ukuran data terlalu besar.',
  unsupportedMedia: 'Jenis data tidak didukung.',
  notFound: 'Alamat tidak ditemukan.',
  dataNotFound: 'Data tidak ditemukan.',
  unauthorized: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  forbidden: 'Anda tidak memiliki akses.',
  tooMany: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
  server: 'Terjadi kesalahan pada server.',
  busy: 'Server sedang melayani banyak pendaftar. Silakan coba lagi sebentar lagi.',
  unknownField: 'Kolom tidak dikenal.',
  passwordChangeRequired: 'Ganti kata sandi sementara Anda terlebih dahulu.',
} as const;

export const unauthorized = () => new HttpError(401, MESSAGES.unauthorized);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.dataNotFound) => new HttpError(404, message);

/** The caller signed in with a temporary password and must replace it before anything else. */
export const passwordChangeRequired = () =>
  new HttpError(403, MESSAGES.passwordChangeRequired, undefined, undefined, PASSWORD_CHANGE_REQUIRED);
