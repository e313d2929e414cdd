import { api, endpoint } from '@psb/api-client/http';
import type { OfferViewState } from '@psb/contracts/offer-states';
import { offerListResponseSchema } from '@psb/contracts/offers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** A period's offers of a seat, their deadlines and the period's offer rules. */
const list = endpoint(offerListResponseSchema);
const message = endpoint(() => import('@psb/contracts/auth').then((m) => m.messageResponseSchema));

export const offerKeys = {
  all: ['offers'] as const,
  list: (periodId: number, state: string, search: string) => ['offers', periodId, state, search] as const,
};

export const useOffers = (periodId: number | null, state: OfferViewState | '', search: string) =>
  useQuery({
    queryKey: offerKeys.list(periodId ?? 0, state, search),
    queryFn: () =>
      list.get('registrants/offers', {
        searchParams: {
          school_period_id: String(periodId),
          ...(state ? { state } : {}),
          ...(search ? { search } : {}),
        },
      }),
    enabled: periodId !== null,
    placeholderData: keepPreviousData,
  });

export const extendOffers = (offerIds: number[], deadline: string) =>
  message.post('registrants/offers/extend', { json: { offer_ids: offerIds, deadline } });

export const saveOfferSettings = (s: {
  school_period_id: number;
  deadline_days: number;
  refill: 'auto' | 'staff';
}) => message.put('registrants/offers/settings', { json: s });

export const fetchStaffAgreement = (registrantId: number) =>
  api.get(`registrants/offers/${registrantId}/agreement`, { timeout: 60_000 }).blob();

export const reissueOffers = (offerIds: number[]) =>
  message.post('registrants/offers/reissue', { json: { offer_ids: offerIds } });

export const remindOffers = (offerIds: number[]) =>
  message.post('registrants/offers/remind', { json: { offer_ids: offerIds } });

const templates = endpoint(() =>
  import('@psb/contracts/offer-messages').then((m) => m.offerTemplatesResponseSchema),
);

export const useOfferTemplates = () =>
  useQuery({
    queryKey: [...offerKeys.all, 'templates'],
    queryFn: () => templates.get('registrants/offers/templates'),
  });

export const saveOfferTemplate = (kind: string, t: { subject: string; body: string }) =>
  message.put(`registrants/offers/templates/${kind}`, { json: t });
