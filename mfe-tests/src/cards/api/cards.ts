import { api, endpoint } from '@psb/api-client/http';
import { testPublishResponseSchema } from '@psb/contracts/test-scoring';

const published = endpoint(testPublishResponseSchema);

/** Every card of a session in one PDF, to print. */
export const fetchSessionCards = (sessionId: number) =>
  api.get(`registrant_tests/cards/${sessionId}`, { timeout: 120_000 }).blob();

/** One registrant's card (published or not), to print. */
export const fetchRegistrantCard = (registrantId: number) =>
  api.get(`registrant_tests/card/${registrantId}`, { timeout: 60_000 }).blob();

/** Publishes the cards of a session's seated registrants; answers the server's message. */
export const publishSessionCards = async (sessionId: number) =>
  (await published.put('registrant/publish/test_bulk', { json: { mst_test_detail_id: sessionId } })).message;

/** Publishes one registrant's card so the parent can download it; answers the server's message. */
export const publishRegistrantCard = async (registrantId: number) =>
  (await published.post(`registrant/publish/test_announcement/${registrantId}`)).message;
