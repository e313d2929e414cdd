import crypto from 'node:crypto';
import type { WhatsAppRequest, WhatsAppResponse, WhatsAppTransport } from './index';

/** A recorded request and what the simulator answered. */
export interface SimulatedWhatsAppMessage {
  request: WhatsAppRequest;
  response: WhatsAppResponse;
  at: Date;
}

/**
 * Stands in for the Cloud API: checks each request the way the API does (messaging_product, recipient,
 * text), answers with the API's success or error body, and records every request. It can be told to fail,
 * e.g. `failWith = (req) => req.body.to === '6281…' ? 'Message undeliverable' : null`.
 */
export interface WhatsAppSimulator {
  transport: WhatsAppTransport;
  /** Recorded requests, oldest first (the newest `keep`). */
  readonly sent: readonly SimulatedWhatsAppMessage[];
  /** A reason to fail this request with (API error 131026), or null to accept it. */
  failWith: ((req: WhatsAppRequest) => string | null) | null;
  /** Added to every request (milliseconds), to model the network. */
  latencyMs: number;
  clear(): void;
}

const apiError = (status: number, code: number, message: string, details: string): WhatsAppResponse => ({
  status,
  json: { error: { message, code, error_data: { details } } },
});

export function createWhatsAppSimulator({ keep = 20_000 } = {}): WhatsAppSimulator {
  const sent: SimulatedWhatsAppMessage[] = [];
  const sim: WhatsAppSimulator = {
    sent,
    failWith: null,
    latencyMs: 0,
    clear() {
      sent.length = 0;
    },
    async transport(request) {
      if (sim.latencyMs > 0) await new Promise((r) => setTimeout(r, sim.latencyMs));
      const b = request.body;
      let response: WhatsAppResponse;
      const reason = sim.failWith?.(request) ?? null;
      if (b.messaging_product !== 'whatsapp') {
        response = apiError(400, 100, 'Invalid parameter', 'messaging_product must be "whatsapp"');
      } else if (!/^[1-9][0-9]{7,14}$/.test(b.to)) {
        response = apiError(400, 131030, 'Recipient phone number not valid', `to: ${b.to}`);
      } else if (b.type !== 'text' || !b.text.body) {
        response = apiError(400, 131008, 'Required parameter is missing', 'text.body');
      } else if (reason) {
        response = apiError(400, 131026, 'Message undeliverable', reason);
      } else {
        response = {
          status: 200,
          json: {
            messages: [{ id: `wamid.${crypto.randomBytes(12).toString('base64url')}` }],
          },
        };
        Object.assign(response.json, {
          messaging_product: 'whatsapp',
          contacts: [{ input: b.to, wa_id: b.to }],
        });
      }
      sent.push({ request, response, at: new Date() });
      if (sent.length > keep) sent.splice(0, sent.length - keep);
      return response;
    },
  };
  return sim;
}
