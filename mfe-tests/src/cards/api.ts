import { api } from '@psb/api-client/http';

/** Every card of a session in one PDF, to print. */
export const fetchSessionCards = (sessionId: number) =>
  api.get(`registrant_tests/cards/${sessionId}`, { timeout: 120_000 }).blob();

/** Publishes the cards of a session's seated registrants; answers the server's message. */
export const publishSessionCards = async (sessionId: number) =>
  (
    await api
      .put('registrant/publish/test_bulk', { json: { mst_test_detail_id: sessionId } })
      .json<{ message: string; published: number }>()
  ).message;
