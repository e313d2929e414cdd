import { api, bootEndpoint, endpoint } from '@psb/api-client/http';
import type { parentOfferResponseSchema } from '@psb/contracts/offers';
import { queryOptions } from '@tanstack/react-query';

/** The registrant's offer of a seat, or their place on the reserve list. */

// Shown on the home page's cards: typed by the contract so the home's first chunk does not wait for zod.
const offer = bootEndpoint<typeof parentOfferResponseSchema>();
const message = endpoint(() => import('@psb/contracts/auth').then((m) => m.messageResponseSchema));

export const offerKeys = { one: (registrantId: number) => ['offer', registrantId] as const };

export const offerQuery = (registrantId: number) =>
  queryOptions({
    queryKey: offerKeys.one(registrantId),
    queryFn: () => offer.get(`registrant/offer/${registrantId}`).then((r) => r.data),
    staleTime: 30_000,
  });

export const signOffer = (registrantId: number, fullName: string) =>
  message.post(`registrant/offer/${registrantId}/sign`, { json: { full_name: fullName, consent: true } });

export const declineOffer = (registrantId: number, reason: string, note: string) =>
  message.post(`registrant/offer/${registrantId}/decline`, {
    json: note.trim() ? { reason, note: note.trim() } : { reason },
  });

export const fetchAgreement = (registrantId: number) =>
  api.get(`registrant/offer/${registrantId}/agreement`, { timeout: 60_000 }).blob();
