import { api, bootEndpoint } from '@psb/api-client/http';
import type { parentGraduationResponseSchema } from '@psb/contracts/graduation';
import { queryOptions } from '@tanstack/react-query';

/** The registrant's published result and its documents (nothing before the school publishes it). */

// Shown on the home page's cards: typed by the contract, so the home's first chunk does not wait for zod and
// the schemas (the server writes the answer through the schema).
const graduation = bootEndpoint<typeof parentGraduationResponseSchema>();

export const graduationQuery = (registrantId: number) =>
  queryOptions({
    queryKey: ['graduation', registrantId] as const,
    queryFn: () => graduation.get(`registrant/graduation/${registrantId}`).then((r) => r.data),
    staleTime: 60_000,
  });

export type GraduationDocument = 'letter' | 'spotc';
export const fetchGraduationDocument = (registrantId: number, doc: GraduationDocument) =>
  api.get(`registrant/graduation/${registrantId}/${doc}`, { timeout: 60_000 }).blob();
