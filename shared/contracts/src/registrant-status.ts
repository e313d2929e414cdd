import type { ModuleName } from './modules';

/**
 * Where a registrant stands: exactly one state at a time. The flags the rest of the product reads
 * (`is_submit`, `is_verified`, `is_test`, `is_accepted`, `locked`) follow from it (see `flagsOf`, also
 * enforced by a CHECK constraint), and the state only changes through the transitions listed here, each one
 * run by the server in one transaction with a history row.
 */
export const REGISTRANT_STATUSES = [
  'draft',
  'form_complete',
  'submitted',
  'verified',
  'scheduled',
  'tested',
  'accepted',
  'rejected',
  'reserve',
  're_registered',
  'withdrawn',
] as const;
export type RegistrantStatus = (typeof REGISTRANT_STATUSES)[number];

/** The state in plain Indonesian, as staff and parents read it. */
export const STATUS_LABELS: Record<RegistrantStatus, string> = {
  draft: 'Sedang mengisi formulir',
  form_complete: 'Formulir lengkap, belum dikirim',
  submitted: 'Terkirim, menunggu verifikasi',
  verified: 'Terverifikasi',
  scheduled: 'Terjadwal tes',
  tested: 'Sudah mengikuti tes',
  accepted: 'Diterima',
  rejected: 'Tidak diterima',
  reserve: 'Cadangan',
  re_registered: 'Sudah daftar ulang',
  withdrawn: 'Mengundurkan diri',
};

/** Mantine colour of each state's badge. */
export const STATUS_COLORS: Record<RegistrantStatus, string> = {
  draft: 'gray',
  form_complete: 'yellow',
  submitted: 'blue',
  verified: 'teal',
  scheduled: 'cyan',
  tested: 'indigo',
  accepted: 'green',
  rejected: 'red',
  reserve: 'orange',
  re_registered: 'green',
  withdrawn: 'dark',
};

export interface StatusFlags {
  is_submit: boolean;
  is_verified: boolean;
  /** null: free in this state (a result may be published with or without a test). */
  is_test: boolean | null;
  /** undefined: free in this state (a withdrawal keeps how far the application got). */
  is_accepted: boolean | null | undefined;
  locked: boolean;
}

/** The flags a state implies; `withdrawn` keeps whatever they were (how far the application got). */
export function flagsOf(s: RegistrantStatus): StatusFlags | null {
  const before = ['draft', 'form_complete'].includes(s);
  const verified = !before && s !== 'submitted';
  const result = ['accepted', 'rejected', 'reserve', 're_registered'].includes(s);
  if (s === 'withdrawn') return null;
  return {
    is_submit: !before,
    is_verified: verified,
    is_test: result ? null : s === 'scheduled' || s === 'tested',
    is_accepted: s === 'accepted' || s === 're_registered' ? true : s === 'rejected' ? false : null,
    locked: !before,
  };
}

/** Who may run a transition: the registrant's own parent, or staff with `action` on `module`. */
export type TransitionActor = { kind: 'parent' } | { kind: 'staff'; module: ModuleName; action: 'update' };

export const TRANSITIONS = [
  'complete',
  'submit',
  'submit_on_behalf',
  'verify',
  'open_form',
  'schedule',
  'record_test',
  'accept',
  'reject',
  'reserve',
  're_register',
  'withdraw',
  'withdraw_by_staff',
  'reissue_offer',
] as const;
export type TransitionName = (typeof TRANSITIONS)[number];

export interface TransitionRule {
  from: readonly RegistrantStatus[];
  /** A function of the registrant when the target depends on it (reopen: back to the right form state). */
  to: RegistrantStatus | 'form_state';
  by: TransitionActor;
  /** A reason must be given (stored in the history, shown to the parent where it concerns them). */
  needsReason?: boolean;
  label: string;
}

const staff = (module: ModuleName): TransitionActor => ({ kind: 'staff', module, action: 'update' });
const PARENT: TransitionActor = { kind: 'parent' };
const BEFORE_RESULT = ['verified', 'scheduled', 'tested'] as const;
const OPEN_STATES = ['draft', 'form_complete'] as const;

/** Every allowed move. Anything not listed is refused with 409 and `refusalReason`. */
export const TRANSITION_RULES: Record<TransitionName, TransitionRule> = {
  complete: { from: OPEN_STATES, to: 'form_state', by: PARENT, label: 'Formulir diselesaikan' },
  submit: { from: OPEN_STATES, to: 'submitted', by: PARENT, label: 'Dikirim orang tua' },
  submit_on_behalf: {
    from: OPEN_STATES,
    to: 'submitted',
    by: staff('Calon Murid'),
    label: 'Dikirim oleh sekolah',
  },
  // A registrant already holding a test seat goes on to `scheduled` (the server adds the `schedule` move).
  verify: { from: ['submitted'], to: 'verified', by: staff('Calon Murid'), label: 'Diverifikasi' },
  open_form: {
    from: ['submitted', 'verified'],
    to: 'form_state',
    by: staff('Calon Murid'),
    needsReason: true,
    label: 'Formulir dibuka kembali',
  },
  schedule: {
    from: ['verified'],
    to: 'scheduled',
    by: staff('Jadwal Tes/Observasi'),
    label: 'Dijadwalkan tes',
  },
  record_test: { from: ['scheduled'], to: 'tested', by: staff('Penilaian Tes'), label: 'Tes selesai' },
  accept: { from: [...BEFORE_RESULT, 'reserve'], to: 'accepted', by: staff('Kelulusan'), label: 'Diterima' },
  reject: {
    from: [...BEFORE_RESULT, 'reserve'],
    to: 'rejected',
    by: staff('Kelulusan'),
    label: 'Tidak diterima',
  },
  reserve: { from: BEFORE_RESULT, to: 'reserve', by: staff('Kelulusan'), label: 'Cadangan' },
  re_register: { from: ['accepted'], to: 're_registered', by: staff('Pembayaran'), label: 'Daftar ulang' },
  withdraw: {
    from: [...OPEN_STATES, 'submitted'],
    to: 'withdrawn',
    by: PARENT,
    label: 'Dibatalkan orang tua',
  },
  withdraw_by_staff: {
    from: ['draft', 'form_complete', 'submitted', 'verified', 'scheduled', 'tested', 'accepted', 'reserve'],
    to: 'withdrawn',
    by: staff('Calon Murid'),
    needsReason: true,
    label: 'Mengundurkan diri',
  },
  // Only the offers' re-issue makes it (an expired offer's registrant takes the seat back), never a staff move.
  reissue_offer: {
    from: ['withdrawn'],
    to: 'accepted',
    by: staff('Kelulusan'),
    label: 'Penawaran diterbitkan ulang',
  },
};

export const FORM_LOCKED_MSG =
  'Formulir sudah dikunci karena data telah dikirim. Hubungi admin sekolah bila ada data yang perlu diubah.';
export const WITHDRAW_VERIFIED_MSG =
  'Pendaftaran yang sudah diverifikasi sekolah tidak dapat dibatalkan dari sini. Silakan hubungi sekolah.';
export const ALREADY_SUBMITTED_MSG = 'Data calon murid sudah dikirim sebelumnya.';

/** Why a transition is refused from a state, in Indonesian (the 409 message). */
export function refusalReason(t: TransitionName, from: RegistrantStatus): string {
  const now = STATUS_LABELS[from].toLowerCase();
  const sent = !['draft', 'form_complete', 'withdrawn'].includes(from);
  switch (t) {
    case 'complete':
      return FORM_LOCKED_MSG;
    case 'submit':
    case 'submit_on_behalf':
      if (sent) return ALREADY_SUBMITTED_MSG;
      return `Data calon murid tidak dapat dikirim karena statusnya ${now}.`;
    case 'verify':
      return from === 'draft' || from === 'form_complete'
        ? 'Calon murid belum mengirim formulir, sehingga belum dapat diverifikasi.'
        : `Calon murid tidak dapat diverifikasi karena statusnya ${now}.`;
    case 'open_form':
      return from === 'draft' || from === 'form_complete'
        ? 'Formulir masih terbuka untuk orang tua.'
        : `Formulir tidak dapat dibuka kembali karena status calon murid ${now}.`;
    case 'withdraw':
      return WITHDRAW_VERIFIED_MSG;
    default:
      return `Perubahan "${TRANSITION_RULES[t].label}" tidak dapat dilakukan karena status calon murid ${now}.`;
  }
}

/** The state a transition leads to; `form_state` is chosen by whether required answers are still missing. */
export function targetOf(t: TransitionName, missingCount: number): RegistrantStatus {
  const to = TRANSITION_RULES[t].to;
  if (to !== 'form_state') return to;
  return missingCount === 0 ? 'form_complete' : 'draft';
}

/** Whether the move is allowed from that state (the actor is checked separately). */
export const allowedFrom = (t: TransitionName, from: RegistrantStatus) =>
  TRANSITION_RULES[t].from.includes(from);
