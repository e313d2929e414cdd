import { endpoint } from '@psb/api-client/http';
import { publicConvenienceFeesResponseSchema } from '@psb/contracts/payment-setup';

/** Under `['resource', …]`, so saving a fee in the engine's list refreshes the preview too. */
export const activeFeesKey = ['resource', 'us/convenience_fee', 'active'] as const;

const fees = endpoint(publicConvenienceFeesResponseSchema);

/** The active fee of every channel (the list parents choose from). */
export const fetchActiveFees = () => fees.get('public/us/convenience_fee').then((r) => r.data);
