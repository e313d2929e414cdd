import { formatDateTime } from './wib-date';

/**
 * An offer of a seat: a published acceptance the family answers before its deadline. Accepting is signing the
 * enrolment agreement and then paying the re-registration bill; a seat given back (declined, expired,
 * withdrawn) goes to the next reserve registrant of the class unless the period waits for staff.
 */
export const OFFER_STATES = ['open', 'accepted', 'declined', 'expired'] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** What the staff view counts: an accepted offer whose registrant re-registered is counted apart. */
export const OFFER_VIEW_STATES = ['open', 'accepted', 'declined', 'expired', 're_registered'] as const;
export type OfferViewState = (typeof OFFER_VIEW_STATES)[number];

export const OFFER_STATE_LABELS: Record<OfferViewState, string> = {
  open: 'Menunggu jawaban',
  accepted: 'Diterima, menunggu pembayaran',
  declined: 'Ditolak',
  expired: 'Kedaluwarsa',
  re_registered: 'Terdaftar ulang',
};

/** Badge colours: dark shades, so the white text on them keeps its contrast. */
export const OFFER_STATE_COLORS: Record<OfferViewState, string> = {
  open: 'blue.9',
  accepted: 'cyan.9',
  declined: 'gray.7',
  expired: 'red.9',
  re_registered: 'teal.9',
};

export const DECLINE_REASONS = [
  'Diterima di sekolah lain',
  'Biaya terlalu mahal',
  'Jarak terlalu jauh',
  'Pindah domisili',
  'Lainnya',
] as const;

export const OFFER_MSG = {
  notFound: 'Penawaran kursi tidak ditemukan.',
  notOpen: 'Penawaran kursi ini sudah tidak dapat dijawab.',
  pastDeadline: 'Batas daftar ulang sudah lewat. Silakan hubungi sekolah.',
  nameMismatch: 'Nama lengkap harus sama persis dengan nama orang tua/wali yang terdaftar.',
  consentRequired: 'Centang persetujuan untuk menandatangani perjanjian.',
  reasonRequired: 'Pilih alasan penolakan.',
  notSigned: 'Tagihan daftar ulang dapat dibayar setelah perjanjian daftar ulang ditandatangani.',
  deadlineNotLater: 'Batas baru harus setelah batas yang sekarang.',
  noAgreement: 'Perjanjian belum ditandatangani.',
  extended: 'Batas daftar ulang diperpanjang.',
  declined: 'Penawaran kursi ditolak.',
  signed: 'Perjanjian daftar ulang ditandatangani. Silakan lanjutkan pembayaran daftar ulang.',
  saved: 'Pengaturan penawaran kursi disimpan.',
  notExpired: 'Hanya penawaran yang kedaluwarsa yang dapat diterbitkan ulang.',
  seatTaken:
    'Kursi dari penawaran ini sudah diberikan kepada calon murid lain, sehingga tidak dapat diterbitkan ulang.',
  classFull: 'Kuota kelas sudah penuh, sehingga penawaran tidak dapat diterbitkan ulang.',
  reissued: 'Penawaran kursi diterbitkan ulang.',
  reminded: 'Pengingat penawaran kursi dikirim.',
  templateSaved: 'Teks pesan penawaran disimpan.',
  notOpenToRemind: 'Pengingat hanya dapat dikirim untuk penawaran yang menunggu jawaban.',
} as const;

/** `Batas daftar ulang: 12 Maret 2027 23.59 WIB` */
export const offerDeadlineText = (deadline: string | Date) =>
  `Batas daftar ulang: ${formatDateTime(deadline)}`;
