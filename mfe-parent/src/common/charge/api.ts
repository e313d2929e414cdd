import { api } from '@psb/api-client/http';

/** The QRIS image of a registrant's open charge (drawn by the server). */
export const fetchQris = (registrantId: number, chargeId: number) =>
  api.get(`registrant_payment/${registrantId}/qris/${chargeId}`).blob();
