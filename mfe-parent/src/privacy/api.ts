import { api, endpoint } from '@psb/api-client/http';
import type { NewPrivacyRequest, OptionalPurpose } from '@psb/contracts/privacy';
import { queryOptions } from '@tanstack/react-query';

/** The parent's consent and their "Data Saya" download (schemas loaded with the calls). */

const privacy = () => import('@psb/contracts/privacy');
const auth = () => import('@psb/contracts/auth');
const consent = endpoint(() => privacy().then((m) => m.myConsentResponseSchema));
const accepted = endpoint(() => auth().then((m) => m.messageResponseSchema));
const exportJob = endpoint(() => privacy().then((m) => m.dataExportResponseSchema));

export const consentKey = ['privacy', 'consent'] as const;
export const consentQuery = () =>
  queryOptions({ queryKey: consentKey, queryFn: () => consent.get('me/consent').then((r) => r.data) });

export const acceptConsent = (version: number) => accepted.post('me/consent', { json: { version } });
export const setOptional = (body: Partial<Record<OptionalPurpose, boolean>>) =>
  consent.put('me/consent/optional', { json: body }).then((r) => r.data);

export const startExport = () => exportJob.post('me/data_export').then((r) => r.data);
export const exportQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['privacy', 'export', id],
    queryFn: () => exportJob.get(`me/data_export/${id}`).then((r) => r.data),
    enabled: id !== null,
    // Polled while the job works; stops once it is done or failed.
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.status) ? false : 1000),
  });
export const fetchExport = (id: number) => api.get(`me/data_export/${id}/file`, { timeout: 60_000 }).blob();

const requestList = endpoint(() => privacy().then((m) => m.privacyRequestsResponseSchema));
const filed = endpoint(() => privacy().then((m) => m.privacyRequestFiledResponseSchema));

export const requestsKey = ['privacy', 'requests'] as const;
export const myRequestsQuery = () =>
  queryOptions({
    queryKey: requestsKey,
    queryFn: () => requestList.get('me/privacy_requests').then((r) => r.data),
  });
export const fileRequest = (body: NewPrivacyRequest) => filed.post('me/privacy_requests', { json: body });
