/**
 * Where an application stands, as the steps a parent goes through. Derived only from what the registrant
 * record carries, so the home card, the api and later features (test schedule, results, payment) read the
 * same answer. Steps not built yet simply stay upcoming.
 */

export type TimelineStepKey = 'form' | 'submitted' | 'verified' | 'test' | 'result' | 'payment';
export type TimelineStepState = 'done' | 'current' | 'upcoming';

export interface TimelineStep {
  key: TimelineStepKey;
  label: string;
  state: TimelineStepState;
}

/** The one thing to do next; `action` names a button the parent can press for it (none while waiting). */
export interface TimelineNext {
  text: string;
  action: 'fill' | 'submit' | null;
}

export interface RegistrantTimeline {
  steps: TimelineStep[];
  next: TimelineNext;
}

export interface TimelineInput {
  missing_count: number;
  is_submit: boolean;
  is_verified: boolean;
  is_test: boolean;
  is_accepted: boolean | null;
  /** The registrant's state; without it the flags alone decide (older callers). */
  status?: string;
  /** Why staff reopened the form, while it is open again. */
  status_note?: string | null;
  /** Bills the parent can see and has not paid in full; they are what to do next while waiting. */
  unpaid_bills?: number;
}

const LABELS: Record<TimelineStepKey, string> = {
  form: 'Formulir',
  submitted: 'Dikirim',
  verified: 'Diverifikasi',
  test: 'Tes',
  result: 'Hasil',
  payment: 'Pembayaran',
};

export function registrantTimeline(r: TimelineInput): RegistrantTimeline {
  if (r.status === 'withdrawn')
    return {
      steps: (Object.keys(LABELS) as TimelineStepKey[]).map((key) => ({
        key,
        label: LABELS[key],
        state: 'upcoming',
      })),
      next: { text: 'Pendaftaran ini sudah dibatalkan.', action: null },
    };
  // Each step counts as done when the record says so, or when a later step is already done (staff may
  // verify a registrant that was entered for the parent, for example).
  const reached: Record<TimelineStepKey, boolean> = {
    form: r.missing_count === 0,
    submitted: r.is_submit,
    verified: r.is_verified,
    test: r.is_test,
    // A reserve result is out but not final: the step stays current until the school decides.
    result: r.is_accepted !== null,
    payment: r.status === 're_registered',
  };
  // A child who was not accepted has nothing to pay: the steps end at the result.
  const keys = (Object.keys(LABELS) as TimelineStepKey[]).filter(
    (k) => k !== 'payment' || r.is_accepted !== false,
  );
  const lastDone = keys.reduce((last, k, i) => (reached[k] ? i : last), -1);
  const current = lastDone + 1;
  const steps = keys.map((key, i) => ({
    key,
    label: LABELS[key],
    state: (i <= lastDone ? 'done' : i === current ? 'current' : 'upcoming') as TimelineStepState,
  }));
  return { steps, next: nextOf(keys[current], r) };
}

/** Where a parent pays: the Pembayaran part of the registrant's page, opened with Detail. */
const PAY_BILLS = 'Ada tagihan yang belum lunas: tekan Detail, lalu bayar di bagian Pembayaran.';

function nextOf(step: TimelineStepKey | undefined, r: TimelineInput): TimelineNext {
  // Reopened by staff: the parent must know why before anything else.
  const reopened = r.status_note ? `Sekolah membuka kembali formulir: ${r.status_note}. ` : '';
  switch (step) {
    case 'form':
      return {
        text: `${reopened}Lengkapi formulir: masih ada ${r.missing_count} isian wajib yang belum diisi.`,
        action: 'fill',
      };
    case 'submitted':
      return {
        text: reopened
          ? `${reopened}Perbaiki data yang diminta, lalu tekan Submit lagi.`
          : 'Formulir sudah lengkap. Periksa kembali, lalu tekan Submit.',
        action: 'submit',
      };
    case 'verified':
      // The form fee is billed with the submission: paying it is what the parent can do while staff verify.
      return {
        text: r.unpaid_bills
          ? `Data sudah dikirim. ${PAY_BILLS} Verifikasi dari sekolah menyusul.`
          : 'Data sudah dikirim. Tunggu verifikasi dari sekolah.',
        action: null,
      };
    case 'test':
      return {
        text: r.unpaid_bills
          ? `Data sudah diverifikasi. ${PAY_BILLS} Jadwal tes menyusul dari sekolah.`
          : 'Data sudah diverifikasi. Tunggu jadwal tes dari sekolah.',
        action: null,
      };
    case 'result':
      if (r.status === 'reserve')
        return { text: 'Calon murid masuk daftar cadangan. Tunggu kabar dari sekolah.', action: null };
      return { text: 'Tunggu pengumuman hasil seleksi dari sekolah.', action: null };
    default:
      if (r.status === 're_registered')
        return { text: 'Daftar ulang sudah selesai. Selamat bergabung!', action: null };
      return r.is_accepted === false
        ? { text: 'Calon murid belum diterima pada pendaftaran ini.', action: null }
        : {
            text: r.unpaid_bills
              ? `Calon murid diterima. ${PAY_BILLS}`
              : 'Calon murid diterima. Tagihan daftar ulang tampil di sini setelah diterbitkan sekolah.',
            action: null,
          };
  }
}

/**
 * A name shown to someone who only knows a registration number and a birth date: the first two letters of
 * each word, the rest hidden ("Ahmad Fauzi" → "Ah*** Fa***").
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${[...w].slice(0, 2).join('')}***`)
    .join(' ');
}
