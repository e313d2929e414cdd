import type { RegistrantStatus } from '@psb/contracts/registrant-status';

/** The states in the order a registrant passes them; withdrawal, possible at any point, comes last. */
export const FUNNEL_ORDER = [
  'draft',
  'form_complete',
  'submitted',
  'verified',
  'scheduled',
  'tested',
  'accepted',
  'reserve',
  'rejected',
  're_registered',
  'withdrawn',
] as const satisfies readonly RegistrantStatus[];

/** The states of registrants that reached `stage` on their way (a withdrawn one counts in none). */
export const reached = (stage: RegistrantStatus) =>
  FUNNEL_ORDER.slice(FUNNEL_ORDER.indexOf(stage as (typeof FUNNEL_ORDER)[number]), -1);
