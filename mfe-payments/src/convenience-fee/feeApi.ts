import { api } from '@psb/api-client/http';
import type { PublicConvenienceFee } from '@psb/contracts/payment-setup';

/** Under `['resource', …]`, so saving a fee in the engine's list refreshes the preview too. */
export const activeFeesKey = ['resource', 'us/convenience_fee', 'active'] as const;

/** The active fee of every channel (the list parents choose from). */
export const fetchActiveFees = () =>
  api
    .get('public/us/convenience_fee')
    .json<{ success: true; data: PublicConvenienceFee[] }>()
    .then((r) => r.data);
