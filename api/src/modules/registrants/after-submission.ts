import type { AppContext } from '../../context';

/** What another module does once a registrant's form submission has committed (tenant, registrant). */
type AfterSubmission = (tenantId: number, registrantId: number) => Promise<void>;

// Keyed by the app's context, so two apps in one process (tests) never run each other's steps.
const steps = new WeakMap<AppContext, AfterSubmission[]>();

/**
 * Lets a module act on a submission without the registrants module knowing it: payments bills the form fee
 * this way, so the parent sees the bill the moment the submit answer arrives.
 */
export function onSubmitted(ctx: AppContext, step: AfterSubmission) {
  steps.set(ctx, [...(steps.get(ctx) ?? []), step]);
}

/** Runs every step after the submission committed; a failing step is logged and left to its module's sweep. */
export async function submitted(
  ctx: AppContext,
  tenantId: number,
  registrantId: number,
  log: (err: unknown) => void,
) {
  for (const step of steps.get(ctx) ?? []) await step(tenantId, registrantId).catch(log);
}
