import { api, endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import {
  acceptedStatusOptionsResponseSchema,
  type GraduationListQuery,
  graduationListResponseSchema,
  graduationRecapResponseSchema,
  reserveProposalsResponseSchema,
} from '@psb/contracts/graduation';
import { jobStartedResponseSchema } from '@psb/contracts/payments';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

/** Results and graduation (staff): the list, drafts, publication, the reserve list, recap and export. */

export type GraduationFilters = Partial<Record<keyof GraduationListQuery, string>>;

const graduationKeys = {
  all: ['graduation'] as const,
  list: (f: GraduationFilters) => ['graduation', 'list', f] as const,
  statuses: ['graduation', 'statuses'] as const,
  proposals: ['graduation', 'proposals'] as const,
  recap: ['graduation', 'recap'] as const,
};

const params = (f: GraduationFilters) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return p;
};

const list = endpoint(graduationListResponseSchema);
const statuses = endpoint(acceptedStatusOptionsResponseSchema);
const message = endpoint(messageResponseSchema);
const job = endpoint(jobStartedResponseSchema);
const proposals = endpoint(reserveProposalsResponseSchema);
const recap = endpoint(graduationRecapResponseSchema);

export const fetchGraduation = (f: GraduationFilters) =>
  list.get('registrants/graduation/admin', { searchParams: params({ per_page: '25', ...f }) });
export const fetchStatuses = () => statuses.get('registrants/graduation/statuses').then((r) => r.data);
export const saveDraft = (id: number, body: { mst_accepted_status_id: number; result_note?: string }) =>
  message.put(`registrant/result/${id}`, { json: body });
export const publishOne = (id: number, body: { mst_accepted_status_id?: number; result_note?: string }) =>
  message.post(`registrant/publish/${id}`, { json: body });
export const publishMany = (ids: number[], mst_accepted_status_id: number) =>
  job.post('registrant/bulk/publish', { json: { ids, mst_accepted_status_id } });
export const fetchProposals = () => proposals.get('registrant/reserve/proposals').then((r) => r.data);
export const confirmMove = (withdrawn_registrant_id: number, registrant_id: number) =>
  message.post('registrant/reserve/confirm', { json: { withdrawn_registrant_id, registrant_id } });
export const withdrawRegistrant = (id: number, reason: string) =>
  message.post(`registrant/staff_withdraw/${id}`, { json: { reason } });
export const fetchRecap = () => recap.get('registrants/graduation/recap').then((r) => r.data);
export const fetchGraduationExport = (f: GraduationFilters) =>
  api.get('registrants/export/graduation/admin', { searchParams: params(f), timeout: false }).blob();
export const fetchLetter = (id: number) =>
  api.get(`registrant/graduation/${id}/letter`, { timeout: false }).blob();

export const graduationQuery = (f: GraduationFilters) =>
  queryOptions({ queryKey: graduationKeys.list(f), queryFn: () => fetchGraduation(f) });
export const useGraduation = (f: GraduationFilters) =>
  useQuery({ ...graduationQuery(f), placeholderData: keepPreviousData });

export const statusesQuery = () =>
  queryOptions({ queryKey: graduationKeys.statuses, queryFn: fetchStatuses });
export const useStatuses = () => useQuery(statusesQuery());

export const proposalsQuery = () =>
  queryOptions({ queryKey: graduationKeys.proposals, queryFn: fetchProposals });
export const useProposals = () => useQuery(proposalsQuery());

export const recapQuery = () => queryOptions({ queryKey: graduationKeys.recap, queryFn: fetchRecap });
export const useRecap = () => useQuery(recapQuery());

/** A result changed: every list, proposal and recap of this screen is read again. */
export const invalidateGraduation = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: graduationKeys.all });
