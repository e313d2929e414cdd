import { api, endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import { billDetailResponseSchema, type CreateBill, namedListSchema } from '@psb/contracts/payments';
import {
  bulkResponseSchema,
  informationDetailResponseSchema,
  type RegistrantAdminQuery,
  registrantAdminListResponseSchema,
  registrantResponseSchema,
} from '@psb/contracts/registrants-admin';

/** The staff registrant calls of this remote. */
const list = endpoint(registrantAdminListResponseSchema);
const one = endpoint(registrantResponseSchema);
const info = endpoint(informationDetailResponseSchema);
const message = endpoint(messageResponseSchema);
const bulkResult = endpoint(bulkResponseSchema);

export type ListFilters = Partial<Record<keyof RegistrantAdminQuery, string>>;

export const registrantAdminKeys = {
  all: ['registrant-admin'] as const,
  list: (f: ListFilters) => ['registrant-admin', 'list', f] as const,
  one: (id: number) => ['registrant-admin', 'one', id] as const,
  info: (id: number) => ['registrant-admin', 'info', id] as const,
};

const searchParams = (f: ListFilters) =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;

export const fetchRegistrants = (f: ListFilters) =>
  list.get('registrants/admin', { searchParams: searchParams(f) });
export const fetchRegistrant = (id: number) => one.get(`registrant/${id}`).then((r) => r.data);
export const fetchInformation = (id: number) =>
  info.get(`registrant/information_detail/${id}`).then((r) => r.data);

export const verify = (id: number) => message.put(`registrant/verify/${id}`, { json: {} });
export const openForm = (id: number, reason: string) =>
  message.put(`registrant/open_form/${id}`, { json: { reason } });
export const submitOnBehalf = (id: number) => message.post(`registrant/submit/${id}`, { json: {} });
export const archive = (id: number) => message.delete(`registrant/${id}`);
export const restore = (id: number) => message.post(`registrant/restore/${id}`);
/** The tenant's test overview to this registrant's parent (once per text). */
export const sendTestOverview = (id: number) => message.post(`config/test_overview/${id}`);
export const moveClass = (id: number, mst_class_id: number) =>
  message.post(`registrant/mutation/${id}`, { json: { mst_class_id } });
export const bulk = (action: 'verify' | 'archive' | 'restore', ids: number[]) =>
  bulkResult.put('registrant/bulk', { json: { action, ids } });

/** The applicants file of the current filters; the server sends its length, so progress is a fraction. */
export const fetchApplicants = (f: ListFilters, onProgress: (percent: number, bytes: number) => void) =>
  api
    .get('registrants/export/admin', {
      searchParams: { ...searchParams({ ...f, page: undefined, limit: undefined }), format: 'xlsx' },
      timeout: false,
      onDownloadProgress: (p) => onProgress(Math.round(p.percent * 100), p.transferredBytes),
    })
    .blob();

/** Payment types for the bill picker (the list is short: one page). */
const named = endpoint(namedListSchema);
export const fetchPaymentTypes = () =>
  named
    .get('mst_type_payments', { searchParams: { page_size: '100', sort_column: 'name', sort_value: 'asc' } })
    .then((r) => r.data);
/** One bill of a payment type for this registrant, through the same route as the bills screen. */
const bill = endpoint(billDetailResponseSchema);
export const billRegistrant = (id: number, body: CreateBill) =>
  bill.post(`registrant/payment/${id}`, { json: body });
