import { endpoint } from '@psb/api-client/http';
import {
  type AssignTest,
  assignJobResponseSchema,
  assignTestResponseSchema,
  messageResponseSchema,
  registrantTestListResponseSchema,
} from '@psb/contracts/tests';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';

/** The assignment screens' calls: the seat list of a period and test type, placing, the period job. */

export type SeatFilters = Partial<
  Record<'school_period_id' | 'mst_test_id' | 'mst_test_detail_id' | 'assigned' | 'search' | 'page', string>
>;
export const SEAT_FILTER_KEYS = [
  'school_period_id',
  'mst_test_id',
  'mst_test_detail_id',
  'assigned',
  'search',
  'page',
] as const;

const seatKeys = {
  all: ['registrant-tests'] as const,
  list: (f: SeatFilters) => ['registrant-tests', 'list', f] as const,
  job: (id: number) => ['registrant-tests', 'job', id] as const,
};

const list = endpoint(registrantTestListResponseSchema);
const assigned = endpoint(assignTestResponseSchema);
const job = endpoint(assignJobResponseSchema);
const message = endpoint(messageResponseSchema);

export const PAGE_SIZE = 25;

export const fetchSeats = (f: SeatFilters) => {
  const p = new URLSearchParams({ page_size: String(PAGE_SIZE) });
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return list.get('registrant_tests', { searchParams: p });
};
export const assignSeats = (body: AssignTest) => assigned.post('registrant/assign/test', { json: body });
export const assignPeriod = (body: { school_period_id: number; mst_test_id?: number; request_key: string }) =>
  job.post('registrant/assign/test/period', { json: body });
export const fetchJob = (id: number) => job.get(`registrant/assign/test/job/${id}`).then((r) => r.data);
export const releaseSeat = (id: number) => message.delete(`registrant_test/${id}`);

export const seatsQuery = (f: SeatFilters) =>
  queryOptions({ queryKey: seatKeys.list(f), queryFn: () => fetchSeats(f) });
/** Nothing is listed until a period and a test type are picked (`ready`). */
export const useSeats = (f: SeatFilters, ready: boolean) =>
  useQuery({ ...seatsQuery(f), enabled: ready, placeholderData: keepPreviousData });

export const periodJobQuery = (id: number) =>
  queryOptions({ queryKey: seatKeys.job(id), queryFn: () => fetchJob(id) });
/** Polled every second until the job is done or failed. */
export const usePeriodJob = (id: number | null) =>
  useQuery({
    ...periodJobQuery(id ?? 0),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.status) ? false : 1000),
  });

/** Every seat list and job of this screen is read again (after a placement or a release). */
export const invalidateSeats = (client: QueryClient) => client.invalidateQueries({ queryKey: seatKeys.all });
