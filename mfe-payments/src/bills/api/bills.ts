import { api, endpoint } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import {
  type BillListQuery,
  billDetailResponseSchema,
  billListResponseSchema,
  bulkJobResponseSchema,
  type Channel,
  chargeResponseSchema,
  jobStartedResponseSchema,
  lineResponseSchema,
} from '@psb/contracts/payments';
import { anyRecordResponseSchema } from '@psb/contracts/resources';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

/** Staff bills: list, one bill, its actions, bulk jobs and the export. */

export type BillFilters = Partial<Record<keyof BillListQuery, string>>;

const billKeys = {
  all: ['bills'] as const,
  list: (f: BillFilters) => ['bills', 'list', f] as const,
  one: (id: number) => ['bills', 'one', id] as const,
};

const list = endpoint(billListResponseSchema);
const one = endpoint(billDetailResponseSchema);
const charge = endpoint(chargeResponseSchema);
const message = endpoint(messageResponseSchema);
const job = endpoint(jobStartedResponseSchema);

const params = (f: BillFilters & { format?: string }) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return p;
};

export const fetchBills = (f: BillFilters) =>
  list.get('registrant_header_payments/admin', { searchParams: params({ limit: '25', ...f }) });
export const fetchBill = (id: number) => one.get(`registrant_header_payment/${id}`).then((r) => r.data);

export const publishBill = (id: number) => message.post(`registrant_header_payments/publish/${id}`);
export const openCharge = (id: number, channel?: Channel) =>
  charge.post(`registrant_header_payments/generate_va/${id}`, { json: channel ? { channel } : {} });
export const splitBill = (id: number, count: number, firstDueDate: string) =>
  one.post(`registrant_header_payments/generate_cicilan/${id}`, {
    json: { count, first_due_date: firstDueDate },
  });
export const approvePayment = (
  id: number,
  body: { method: 'cash' | 'transfer'; reason: string; proof_url?: string },
) => one.post(`registrant_header_payments/approve_payment/${id}`, { json: body });
export const sendExpired = (id: number) =>
  message.post(`registrant_header_payments/send_expired_notification/${id}`);
export const resetBill = (id: number, reason: string) =>
  message.post(`registrant/reset_payment/${id}`, { json: { reason } });
export const deleteBill = (id: number) => message.delete(`registrant_header_payment/${id}`);

export const publishMany = (ids: number[]) =>
  job.post('registrant_header_payments/bulk/publish', { json: { ids } });
export const generateMany = (body: Record<string, unknown>) =>
  job.post('registrant_header_payments/bulk/generate', { json: body });

export const fetchBillsExport = (f: BillFilters, format: 'xlsx' | 'csv') =>
  api
    .get('registrant_header_payments/export', { searchParams: params({ ...f, format }), timeout: false })
    .blob();

const record = endpoint(anyRecordResponseSchema);
/** The school of a registration period: bulk billing by class offers only that school's classes. */
export const fetchPeriodSchoolId = (periodId: number) =>
  record.get(`school_period/${periodId}`).then((r) => Number(r.data.school_id));

const line = endpoint(lineResponseSchema);
/** A bill's lines: added, changed and removed while nothing is paid (total and installments follow). */
export const addBillLine = (body: { header_id: number; name: string; amount: number }) =>
  line.post('registrant_detail_payment', { json: body });
export const updateBillLine = (id: number, body: { name: string; amount: number }) =>
  line.put(`registrant_detail_payment/${id}`, { json: body });
export const deleteBillLine = (id: number) => line.delete(`registrant_detail_payment/${id}`);

const bulkJob = endpoint(bulkJobResponseSchema);
/** How a bulk job started from this screen stands. */
export const fetchBulkJob = (jobId: number) =>
  bulkJob.get(`registrant_header_payments/bulk/${jobId}`).then((r) => r.data);

export const billsQuery = (f: BillFilters) =>
  queryOptions({ queryKey: billKeys.list(f), queryFn: () => fetchBills(f) });
export const useBills = (f: BillFilters) => useQuery({ ...billsQuery(f), placeholderData: keepPreviousData });

export const billQuery = (id: number) =>
  queryOptions({ queryKey: billKeys.one(id), queryFn: () => fetchBill(id) });
export const useBill = (id: number) => useQuery(billQuery(id));

/** A bill changed (or a job ended): every list and open bill of this screen is read again. */
export const invalidateBills = (client: QueryClient) => client.invalidateQueries({ queryKey: billKeys.all });

export const periodSchoolQuery = (periodId: number) =>
  queryOptions({
    queryKey: ['period-school', periodId] as const,
    queryFn: () => fetchPeriodSchoolId(periodId),
  });
export const usePeriodSchool = (periodId: number) =>
  useQuery({ ...periodSchoolQuery(periodId), enabled: periodId > 0, staleTime: 60_000 });

const POLL_MS = 2000;
export const bulkJobQuery = (jobId: number) =>
  queryOptions({ queryKey: ['bulk-job', jobId] as const, queryFn: () => fetchBulkJob(jobId) });
/** Asked about until the job is done or failed. */
export const useBulkJob = (jobId: number) =>
  useQuery({
    ...bulkJobQuery(jobId),
    refetchInterval: (q) =>
      q.state.data?.status === 'done' || q.state.data?.status === 'failed' ? false : POLL_MS,
  });
