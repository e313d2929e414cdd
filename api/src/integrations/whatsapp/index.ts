import { createWhatsAppSimulator, type WhatsAppSimulator } from './simulator';

export { createWhatsAppSimulator, type WhatsAppSimulator } from './simulator';

/** One request of the WhatsApp Business Cloud API, as it goes over the wire. */
export interface WhatsAppRequest {
  url: string;
  headers: Record<string, string>;
  body: WhatsAppMessageBody;
}

/** `POST /{phone-number-id}/messages` body: a plain text message to one person. */
export interface WhatsAppMessageBody {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'text';
  text: { preview_url: boolean; body: string };
}

export interface WhatsAppResponse {
  status: number;
  /** Success: `{ messaging_product, contacts: [{input, wa_id}], messages: [{id}] }`; failure: `{ error }`. */
  json: {
    messages?: { id: string }[];
    error?: { message?: string; code?: number; error_data?: { details?: string } };
  };
}

/** Where requests go: the real Graph API over HTTPS, or the built-in simulator. */
export type WhatsAppTransport = (req: WhatsAppRequest) => Promise<WhatsAppResponse>;

export interface WhatsAppAdapter {
  readonly kind: 'cloud' | 'simulator';
  /** Sends `text` to an Indonesian number (0812…, 62812… or +62812…); resolves with the message id. */
  send(to: string, text: string): Promise<string>;
}

export interface WhatsAppConfig {
  token?: string | undefined;
  phoneNumberId?: string | undefined;
  apiUrl?: string | undefined;
}

export const GRAPH_API_URL = 'https://graph.facebook.com/v21.0';

/** WhatsApp wants the international form without `+`: 0812… → 62812…. */
export function waNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('0') ? `62${digits.slice(1)}` : digits;
}

/** Indonesian reason from the API's error answer (the provider's own text kept for support). */
function failure(res: WhatsAppResponse): Error {
  const e = res.json.error;
  const detail = e?.error_data?.details ?? e?.message ?? `HTTP ${res.status}`;
  return new Error(`WhatsApp menolak pesan${e?.code ? ` (kode ${e.code})` : ''}: ${detail}`);
}

export function createWhatsAppAdapter(
  config: WhatsAppConfig,
  transport: WhatsAppTransport,
  kind: WhatsAppAdapter['kind'],
): WhatsAppAdapter {
  const base = (config.apiUrl ?? GRAPH_API_URL).replace(/\/$/, '');
  const url = `${base}/${encodeURIComponent(config.phoneNumberId ?? 'simulator')}/messages`;
  return {
    kind,
    async send(to, text) {
      const res = await transport({
        url,
        headers: {
          authorization: `Bearer ${config.token ?? 'simulator'}`,
          'content-type': 'application/json',
        },
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: waNumber(to),
          type: 'text',
          text: { preview_url: false, body: text },
        },
      });
      const id = res.json.messages?.[0]?.id;
      if (res.status >= 300 || !id) throw failure(res);
      return id;
    },
  };
}

const httpTransport: WhatsAppTransport = async (req) => {
  const res = await fetch(req.url, {
    method: 'POST',
    headers: req.headers,
    body: JSON.stringify(req.body),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await res.json().catch(() => ({}))) as WhatsAppResponse['json'];
  return { status: res.status, json };
};

/** Real Cloud API when a token and phone-number id are configured, else the simulator (the default). */
export function createWhatsApp(
  config: WhatsAppConfig,
  simulator: WhatsAppSimulator = createWhatsAppSimulator(),
): { adapter: WhatsAppAdapter; simulator: WhatsAppSimulator | null } {
  if (config.token && config.phoneNumberId) {
    return { adapter: createWhatsAppAdapter(config, httpTransport, 'cloud'), simulator: null };
  }
  return { adapter: createWhatsAppAdapter(config, simulator.transport, 'simulator'), simulator };
}
