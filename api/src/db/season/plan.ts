import { type RegistrantStatus, TRANSITION_RULES, type TransitionName } from '@psb/contracts';
import type { Random } from './random';

/** How a season's registrants are spread over the states, mid-season (percent). */
export const STATUS_SHARE: Record<RegistrantStatus, number> = {
  draft: 9,
  form_complete: 5,
  submitted: 8,
  verified: 6,
  scheduled: 9,
  tested: 7,
  accepted: 12,
  rejected: 8,
  reserve: 5,
  re_registered: 24,
  withdrawn: 7,
};

/** The moves that lead to each state, in order (withdrawn: see `withdrawalPath`). */
const PATH: Record<Exclude<RegistrantStatus, 'withdrawn'>, TransitionName[]> = {
  draft: [],
  form_complete: ['complete'],
  submitted: ['submit'],
  verified: ['submit', 'verify'],
  scheduled: ['submit', 'verify', 'schedule'],
  tested: ['submit', 'verify', 'schedule', 'record_test'],
  accepted: ['submit', 'verify', 'schedule', 'record_test', 'accept'],
  rejected: ['submit', 'verify', 'schedule', 'record_test', 'reject'],
  reserve: ['submit', 'verify', 'schedule', 'record_test', 'reserve'],
  re_registered: ['submit', 'verify', 'schedule', 'record_test', 'accept', 're_register'],
};

export interface Step {
  action: TransitionName;
  from: RegistrantStatus;
  to: RegistrantStatus;
  at: Date;
  byStaff: boolean;
  reason: string | null;
}

const WITHDRAW_REASONS = [
  'Diterima di sekolah negeri.',
  'Keluarga pindah domisili ke luar kota.',
  'Memilih sekolah lain yang lebih dekat dengan rumah.',
  'Pertimbangan biaya.',
];

/**
 * The moves of one registrant from its registration to `status`, spread evenly between `created` and `now`
 * (so every state was reached in order, at a time in the past). A withdrawal happens from an early state.
 */
export function stepsTo(status: RegistrantStatus, created: Date, now: Date, rnd: Random): Step[] {
  let names: TransitionName[];
  let before: RegistrantStatus = 'draft';
  if (status === 'withdrawn') {
    const from = rnd.pick(['draft', 'form_complete', 'submitted', 'verified'] as const);
    names = [...PATH[from], from === 'verified' ? 'withdraw_by_staff' : 'withdraw'];
  } else names = PATH[status];
  const gap = (now.getTime() - created.getTime()) / (names.length + 1);
  return names.map((action, i) => {
    const rule = TRANSITION_RULES[action];
    const to: RegistrantStatus = rule.to === 'form_state' ? 'form_complete' : rule.to;
    const step = {
      action,
      from: before,
      to,
      at: new Date(created.getTime() + gap * (i + 1)),
      byStaff: rule.by.kind === 'staff',
      reason: rule.needsReason || action === 'withdraw' ? rnd.pick(WITHDRAW_REASONS) : null,
    };
    before = to;
    return step;
  });
}

/** The state a withdrawn registrant had reached (its flags stay as they were). */
export const reachedBefore = (steps: Step[]): RegistrantStatus => steps[steps.length - 1]?.from ?? 'draft';

/** Bill states a season shows: not yet published, published (some with an expired VA), part paid, paid. */
export type BillPlan = 'draft' | 'published' | 'expired' | 'partial' | 'paid';

/** The registration fee: paid by most who sent the form, open or expired for many still filling it in. */
export function registrationBill(status: RegistrantStatus, rnd: Random): BillPlan {
  if (status === 'draft') return rnd.weighted({ draft: 30, published: 30, expired: 20, paid: 20 });
  if (status === 'form_complete') return rnd.weighted({ published: 35, expired: 20, paid: 45 });
  if (status === 'withdrawn') return rnd.weighted({ published: 50, paid: 50 });
  if (status === 'submitted' || status === 'verified') return rnd.weighted({ published: 8, paid: 92 });
  return 'paid';
}

/** The entry fee (installments allowed): billed on acceptance, paid in full by those re-registered. */
export function entryBill(status: RegistrantStatus, rnd: Random): BillPlan | null {
  if (status === 're_registered') return 'paid';
  if (status === 'accepted') return rnd.weighted({ draft: 20, published: 25, expired: 15, partial: 40 });
  return null;
}

/**
 * Into how many monthly installments a family splits the entry fee (the bill form allows 2-12): it is the
 * season's largest fee, so most spread it over most of the school year. 100,000 registrants then make some
 * 300,000 paid installments — the payments the dashboard and the reports are budgeted over.
 */
export function entryInstallments(rnd: Random): number {
  return Number(rnd.weighted({ '3': 10, '6': 25, '10': 20, '12': 45 }));
}

/** Other fees (uniforms and the like): prepared for the re-registered, not all published yet. */
export function otherBill(status: RegistrantStatus, rnd: Random): BillPlan | null {
  if (status === 're_registered') return rnd.weighted({ draft: 35, published: 30, paid: 35 });
  return null;
}

/** An overall test score fitting the result (reserve between the two), or any score before results. */
export function scoreFor(status: RegistrantStatus, rnd: Random): number {
  const at = (min: number, max: number) => Math.round((min + rnd.next() * (max - min)) * 100) / 100;
  if (status === 'accepted' || status === 're_registered') return at(75, 98);
  if (status === 'reserve') return at(65, 75);
  if (status === 'rejected') return at(35, 65);
  return at(35, 98);
}
