import { endpoint, isHTTPError } from '@psb/api-client/http';
import { messageResponseSchema } from '@psb/contracts/auth';
import {
  type CreateRegistrantRequest,
  completeRegistrantResponseSchema,
  type MissingItem,
  registrantListResponseSchema,
  registrantResponseSchema,
  type SaveAnswersRequest,
  saveAnswersResponseSchema,
  submitErrorResponseSchema,
} from '@psb/contracts/parent';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The parent's registrants: list, one, create, answers, complete, submit. */

export const registrantKeys = {
  all: ['registrants'] as const,
  one: (id: number) => ['registrants', id] as const,
};

const list = endpoint(registrantListResponseSchema);
const one = endpoint(registrantResponseSchema);
const saved = endpoint(saveAnswersResponseSchema);
const completed = endpoint(completeRegistrantResponseSchema);
const message = endpoint(messageResponseSchema);

export const fetchRegistrants = () => list.get('registrants').then((r) => r.data);
export const registrantsQuery = () =>
  queryOptions({ queryKey: registrantKeys.all, queryFn: fetchRegistrants });
export const useRegistrants = () => useQuery(registrantsQuery());

export const fetchRegistrant = (id: number) => one.get(`registrant/${id}`).then((r) => r.data);
export const registrantQuery = (id: number) =>
  queryOptions({ queryKey: registrantKeys.one(id), queryFn: () => fetchRegistrant(id) });

export const createRegistrant = (body: CreateRegistrantRequest) => one.post('registrant', { json: body });

export const saveRegistrantAnswers = (body: SaveAnswersRequest, signal?: AbortSignal) =>
  saved.post('registrant_answer', { json: body, signal });

export const completeRegistrant = (id: number) =>
  completed.post(`registrant/complete/${id}`, { json: { id } });

export const submitRegistrant = (id: number) => message.post(`registrant/submit/${id}`, { json: {} });

/** The required answers a refused submit (400) lists; empty for any other failure. */
export function missingOf(err: unknown): MissingItem[] {
  if (!isHTTPError(err)) return [];
  const parsed = submitErrorResponseSchema.safeParse(err.data);
  return parsed.success ? (parsed.data.missing ?? []) : [];
}

/** Withdraws an application staff have not verified; its voucher returns to this account. */
export const withdrawRegistrant = (id: number, reason: string) =>
  message.post(`registrant/withdraw/${id}`, { json: reason.trim() ? { reason: reason.trim() } : {} });
