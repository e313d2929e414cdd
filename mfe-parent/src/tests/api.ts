import { bootEndpoint } from '@psb/api-client/http';
import type { testScheduleResponseSchema } from '@psb/contracts/tests';
import { queryOptions } from '@tanstack/react-query';

/** The registrant's test schedule (its seats in test sessions). */
// Shown on the home page's cards: typed by the contract, so the home's first chunk does not wait for zod and
// the schemas (the server writes the answer through the schema).
const schedule = bootEndpoint<typeof testScheduleResponseSchema>();

export const testScheduleQuery = (registrantId: number) =>
  queryOptions({
    queryKey: ['test-schedule', registrantId] as const,
    queryFn: () => schedule.get(`registrant/test_schedule/${registrantId}`).then((r) => r.data),
  });
