import { endpoint } from '@psb/api-client/http';
import {
  type AssignTest,
  assignJobResponseSchema,
  assignTestResponseSchema,
  messageResponseSchema,
  registrantTestListResponseSchema,
} from '@psb/contracts/tests';

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

export const seatKeys = {
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
