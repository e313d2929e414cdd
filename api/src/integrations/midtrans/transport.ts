import type { FastifyInstance } from 'fastify';

/** One Core API / Iris request as it goes over the wire. */
export interface MidtransRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Serialised JSON, or absent for GET. */
  body?: string | undefined;
}

export interface MidtransResponse {
  /** HTTP status; Midtrans' own verdict is the body's `status_code`. */
  status: number;
  /** The parsed body; null when it was not JSON. */
  json: unknown;
}

/**
 * Where requests go: HTTPS to Midtrans, or the simulator routes of this app. A transport rejects only when no
 * answer arrived (network error, timeout); the gateway treats that as an unknown outcome.
 */
export type MidtransTransport = (req: MidtransRequest) => Promise<MidtransResponse>;

export const MIDTRANS_HOSTS = {
  sandbox: { core: 'https://api.sandbox.midtrans.com', iris: 'https://app.sandbox.midtrans.com/iris/api/v1' },
  production: { core: 'https://api.midtrans.com', iris: 'https://app.midtrans.com/iris/api/v1' },
} as const;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** fetch to the configured hosts, with a timeout so a hanging Midtrans never holds a request forever. */
export function httpTransport({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): MidtransTransport {
  return async (req) => {
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      ...(req.body !== undefined ? { body: req.body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, json: parseJson(await res.text()) };
  };
}

/**
 * The simulator answers inside this process: the request's path (its origin is a placeholder) is injected
 * into the app, so tests and a fresh install need no port and no network.
 */
export function injectTransport(app: () => FastifyInstance): MidtransTransport {
  return async (req) => {
    const u = new URL(req.url);
    const res = await app().inject({
      method: req.method,
      url: `${u.pathname}${u.search}`,
      headers: req.headers,
      ...(req.body !== undefined ? { payload: req.body } : {}),
    });
    return { status: res.statusCode, json: parseJson(res.body) };
  };
}
