import { bootEndpoint, endpoint, isHTTPError } from '@psb/api-client/http';
import type {
  CreateRegistrantRequest,
  MissingItem,
  registrantListResponseSchema,
  SaveAnswersRequest,
} from '@psb/contracts/parent';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** The parent's registrants: list, one, create, answers, complete, submit. */

export const registrantKeys = {
  all: ['registrants'] as const,
  one: (id: number) => ['registrants', id] as const,
};

// This module travels with the home page, whose first chunk must not wait for zod and the schemas: the list
// the home shows is typed by the contract (the server writes it through the schema), and every other call
// parses its answer with a schema loaded with the call.
const parent = () => import('@psb/contracts/parent');
const list = bootEndpoint<typeof registrantListResponseSchema>();
const one = endpoint(() => parent().then((m) => m.registrantResponseSchema));
const saved = endpoint(() => parent().then((m) => m.saveAnswersResponseSchema));
const completed = endpoint(() => parent().then((m) => m.completeRegistrantResponseSchema));
const message = endpoint(() => import('@psb/contracts/auth').then((m) => m.messageResponseSchema));
const submitted = endpoint(() => parent().then((m) => m.submitResponseSchema));
const familyConfirmed = endpoint(() => parent().then((m) => m.familyConfirmResponseSchema));

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

/** The parent confirms answers copied from the family's earlier form; answers what is still to confirm. */
export const confirmFamilyAnswers = (id: number, question_nos: number[]) =>
  familyConfirmed.post(`registrant/family_confirm/${id}`, { json: { question_nos } }).then((r) => r.data);

/** Submit; the answer carries the receipt (its reference also goes to the parent's WhatsApp or e-mail). */
export const submitRegistrant = (id: number) => submitted.post(`registrant/submit/${id}`, { json: {} });

/** The required answers a refused submit (400) lists; empty for any other failure. */
export async function missingOf(err: unknown): Promise<MissingItem[]> {
  if (!isHTTPError(err)) return [];
  const { submitErrorResponseSchema } = await parent();
  const parsed = submitErrorResponseSchema.safeParse(err.data);
  return parsed.success ? (parsed.data.missing ?? []) : [];
}

/** Withdraws an application staff have not verified; its voucher returns to this account. */
export const withdrawRegistrant = (id: number, reason: string) =>
  message.post(`registrant/withdraw/${id}`, { json: reason.trim() ? { reason: reason.trim() } : {} });
