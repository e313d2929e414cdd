import { endpoint } from '@psb/api-client/http';
import { testScheduleResponseSchema } from '@psb/contracts/tests';
import { queryOptions } from '@tanstack/react-query';

/** The registrant's test schedule (its seats in test sessions). */
const schedule = endpoint(testScheduleResponseSchema);

export const testScheduleQuery = (registrantId: number) =>
  queryOptions({
    queryKey: ['test-schedule', registrantId] as const,
    queryFn: () => schedule.get(`registrant/test_schedule/${registrantId}`).then((r) => r.data),
  });
