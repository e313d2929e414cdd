import { endpoint } from '@psb/api-client/http';
import { queryOptions } from '@tanstack/react-query';

const privacy = () => import('@psb/contracts/privacy');
const auth = () => import('@psb/contracts/auth');
const texts = endpoint(() => privacy().then((m) => m.consentTextsResponseSchema));
const saved = endpoint(() => auth().then((m) => m.messageResponseSchema));

export const consentTextsKey = ['privacy', 'consent-texts'] as const;
export const consentTextsQuery = () =>
  queryOptions({
    queryKey: consentTextsKey,
    queryFn: () => texts.get('privacy/consent_texts').then((r) => r.data),
  });

/** Saving never changes a version: it adds the next one. */
export const saveConsentText = (body: string) => saved.post('privacy/consent_texts', { json: { body } });
