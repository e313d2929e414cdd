import { irisSignature, notificationSignature, rupiah, sameSignature } from './signature';
import type { MidtransRequest, MidtransTransport } from './transport';
import {
  type ChargeRequest,
  type MidtransNotificationBody,
  type PaymentChannel,
  type PaymentGateway,
  type Payout,
  type PayoutNotification,
  type PayoutStatus,
  ProviderError,
  type ProviderOrder,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from './types';
import { formatWibWithOffset, parseWib, wibDate } from './wib';
import { basicAuth, type Json, list, obj, str } from './wire';

export interface MidtransGatewayOptions {
  serverKey: string;
  /** Core API origin, e.g. https://api.sandbox.midtrans.com (the simulator: …/simulator/midtrans). */
  coreUrl: string;
  /** Iris base, e.g. https://app.sandbox.midtrans.com/iris/api/v1; payouts fail without it and a key. */
  irisUrl?: string | undefined;
  irisKey?: string | undefined;
  /** Iris merchant key: signs Iris' notifications (`Iris-Signature`). */
  irisMerchantKey?: string | undefined;
  transport: MidtransTransport;
  kind: PaymentGateway['kind'];
}

/** Midtrans documents that a charset parameter on the content type breaks some channels. */
const headers = (key: string, withBody: boolean): Record<string, string> => ({
  accept: 'application/json',
  ...(withBody ? { 'content-type': 'application/json' } : {}),
  authorization: basicAuth(key),
});

const BILL_INFO1_MAX = 10;
const BILL_INFO2_MAX = 30;
const ITEM_NAME_MAX = 50;

/** The Core API charge body for one channel (see the table in README.md). */
export function chargeBody(req: ChargeRequest): Json {
  const common: Json = {
    transaction_details: { order_id: req.orderId, gross_amount: req.grossAmount },
    item_details: req.items.map((i) => ({
      id: i.id,
      name: i.name.slice(0, ITEM_NAME_MAX),
      price: i.price,
      quantity: i.quantity,
    })),
    customer_details: {
      first_name: req.customer.name,
      ...(req.customer.email ? { email: req.customer.email } : {}),
      ...(req.customer.phone ? { phone: req.customer.phone } : {}),
    },
    custom_expiry: {
      order_time: formatWibWithOffset(req.expiry.orderTime),
      expiry_duration: req.expiry.minutes,
      unit: 'minute',
    },
  };
  if (req.channel === 'qris') return { payment_type: 'qris', ...common };
  if (req.channel === 'mandiri') {
    return {
      payment_type: 'echannel',
      echannel: {
        bill_info1: 'Pembayaran'.slice(0, BILL_INFO1_MAX),
        bill_info2: req.customer.name.slice(0, BILL_INFO2_MAX),
        ...(req.customVaNumber ? { bill_key: req.customVaNumber } : {}),
      },
      ...common,
    };
  }
  return {
    payment_type: 'bank_transfer',
    bank_transfer: { bank: req.channel, ...(req.customVaNumber ? { va_number: req.customVaNumber } : {}) },
    ...common,
  };
}

function channelOf(body: Json): PaymentChannel {
  const type = str(body.payment_type);
  if (type === 'echannel') return 'mandiri';
  if (type === 'qris') return 'qris';
  if (body.permata_va_number) return 'permata';
  const bank = str(list(body.va_numbers)[0]?.bank)?.toLowerCase();
  if (bank === 'bca' || bank === 'bni' || bank === 'bri' || bank === 'cimb' || bank === 'permata')
    return bank;
  return 'bca';
}

const statusOf = (v: unknown): TransactionStatus =>
  (TRANSACTION_STATUSES as readonly string[]).includes(String(v)) ? (v as TransactionStatus) : 'failure';

/** A charge / status answer or a notification body, read as an order. */
export function readOrder(body: Json): ProviderOrder {
  const channel = channelOf(body);
  const qrAction = list(body.actions).find((a) => a.name === 'generate-qr-code');
  return {
    orderId: str(body.order_id) ?? '',
    transactionId: str(body.transaction_id) ?? '',
    status: statusOf(body.transaction_status),
    statusCode: str(body.status_code) ?? '',
    grossAmount: rupiah(body.gross_amount),
    channel,
    vaNumber: str(body.permata_va_number) ?? str(list(body.va_numbers)[0]?.va_number),
    billerCode: str(body.biller_code),
    billKey: str(body.bill_key),
    qrString: str(body.qr_string),
    qrImageUrl: str(qrAction?.url),
    transactionTime: parseWib(str(body.transaction_time)),
    expiresAt: parseWib(str(body.expiry_time)),
    settledAt: parseWib(str(body.settlement_time)),
    fraudStatus: str(body.fraud_status),
    raw: body,
  };
}

const PAYOUT_STATUSES: readonly PayoutStatus[] = [
  'queued',
  'approved',
  'rejected',
  'processed',
  'completed',
  'failed',
];

/** Iris writes ISO times ("2017-01-11T00:00:00Z"); tolerate WIB text too. */
const irisTime = (v: unknown) => {
  const s = str(v);
  if (!s) return undefined;
  const wib = parseWib(s);
  if (wib) return wib;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

export function readPayout(body: Json): Payout {
  const status = str(body.status) as PayoutStatus;
  return {
    referenceNo: str(body.reference_no) ?? '',
    beneficiaryName: str(body.beneficiary_name) ?? '',
    beneficiaryAccount: str(body.beneficiary_account) ?? '',
    beneficiaryBank: str(body.beneficiary_bank) ?? str(body.bank) ?? '',
    amount: rupiah(body.amount),
    notes: str(body.notes) ?? '',
    status: PAYOUT_STATUSES.includes(status) ? status : 'failed',
    createdAt: irisTime(body.created_at),
    updatedAt: irisTime(body.updated_at),
  };
}

/** An Iris payout notification; null when it is not one (a top-up, or no known status). */
export function readPayoutNotification(body: Json): PayoutNotification | null {
  const status = str(body.status) as PayoutStatus;
  const referenceNo = str(body.reference_no);
  if (!referenceNo || !PAYOUT_STATUSES.includes(status)) return null;
  return {
    referenceNo,
    status,
    amount: rupiah(body.amount),
    updatedAt: irisTime(body.updated_at),
    errorMessage: str(body.error_message),
  };
}

const uncertain = (detail: string) =>
  new ProviderError(
    '0',
    `Midtrans tidak memberi jawaban yang jelas (${detail}); periksa status pesanan.`,
    true,
  );

/** Builds the real Core API / Iris requests and reads the answers the way the official client does. */
export function createMidtransGateway(opts: MidtransGatewayOptions): PaymentGateway {
  const core = opts.coreUrl.replace(/\/+$/, '');
  const iris = opts.irisUrl?.replace(/\/+$/, '');

  async function exchange(req: MidtransRequest) {
    try {
      return await opts.transport(req);
    } catch (err) {
      throw uncertain(err instanceof Error ? err.message : String(err));
    }
  }

  /**
   * Core API verdicts live in the body's status_code, whatever the HTTP status: ≥ 400 is a refusal except
   * 407 (expired), which is an answer. 5xx and unreadable answers leave the outcome unknown.
   */
  async function coreCall(method: 'GET' | 'POST', path: string, body?: Json): Promise<Json> {
    const res = await exchange({
      method,
      url: `${core}${path}`,
      headers: headers(opts.serverKey, body !== undefined),
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = res.json && typeof res.json === 'object' ? (res.json as Json) : null;
    const code = str(json?.status_code);
    if (res.status >= 500 || (code && Number(code) >= 500))
      throw uncertain(`HTTP ${res.status}, kode ${code ?? '-'}`);
    if (!json || !code) {
      if (res.status >= 400)
        throw new ProviderError(
          String(res.status),
          `Midtrans menolak permintaan (HTTP ${res.status}).`,
          false,
        );
      throw uncertain(`HTTP ${res.status} tanpa status_code`);
    }
    if (Number(code) >= 400 && code !== '407') {
      const detail = str(json.status_message) ?? '';
      const checks = Array.isArray(json.validation_messages)
        ? ` (${json.validation_messages.join('; ')})`
        : '';
      throw new ProviderError(code, `Midtrans menolak permintaan (kode ${code}): ${detail}${checks}`, false);
    }
    return json;
  }

  async function irisCall(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ) {
    if (!iris || !opts.irisKey)
      throw new ProviderError('0', 'Iris (pencairan dana) belum dikonfigurasi.', false);
    const res = await exchange({
      method,
      url: `${iris}${path}`,
      headers: { ...headers(opts.irisKey, body !== undefined), ...extra },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (res.status >= 500) throw uncertain(`Iris HTTP ${res.status}`);
    const json = res.json as Json | Json[] | null;
    if (res.status >= 400) {
      const e = obj(json);
      const detail = str(e.error_message) ?? str(e.status_message) ?? '';
      throw new ProviderError(
        String(res.status),
        `Iris menolak permintaan (HTTP ${res.status}): ${detail}`,
        false,
      );
    }
    return json;
  }

  const path = (orderId: string, action: string) => `/v2/${encodeURIComponent(orderId)}/${action}`;

  const gateway: PaymentGateway = {
    kind: opts.kind,
    async charge(req) {
      return readOrder(await coreCall('POST', '/v2/charge', chargeBody(req)));
    },
    async status(orderId) {
      try {
        return readOrder(await coreCall('GET', path(orderId, 'status')));
      } catch (err) {
        if (err instanceof ProviderError && err.statusCode === '404') return null;
        throw err;
      }
    },
    async cancel(orderId) {
      return readOrder(await coreCall('POST', path(orderId, 'cancel')));
    },
    async expire(orderId) {
      return readOrder(await coreCall('POST', path(orderId, 'expire')));
    },
    verifySignature(body) {
      if (typeof body.signature_key !== 'string') return false;
      const expected = notificationSignature(
        String(body.order_id),
        String(body.status_code),
        String(body.gross_amount),
        opts.serverKey,
      );
      return sameSignature(body.signature_key.toLowerCase(), expected);
    },
    parseNotification(body: MidtransNotificationBody) {
      return readOrder(body as Json);
    },
    async listPayouts({ from, to }) {
      const q = new URLSearchParams({ from_date: wibDate(from), to_date: wibDate(to) });
      const entries = list(await irisCall('GET', `/statements?${q}`));
      const refs = [
        ...new Set(
          entries
            .filter((e) => str(e.type)?.toLowerCase() === 'payout')
            .map((e) => str(e.reference_no))
            .filter((r): r is string => !!r),
        ),
      ];
      // Statements carry no beneficiary; each payout is read on its own, a few at a time.
      const out: Payout[] = [];
      for (let i = 0; i < refs.length; i += 5) {
        const found = await Promise.all(refs.slice(i, i + 5).map((r) => gateway.getPayout!(r)));
        for (const p of found) if (p) out.push(p);
      }
      return out.filter((p) => !p.createdAt || (p.createdAt >= from && p.createdAt <= to));
    },
    async createPayouts(payouts, idempotencyKey) {
      const body = {
        payouts: payouts.map((p) => ({
          beneficiary_name: p.beneficiaryName,
          beneficiary_account: p.beneficiaryAccount,
          beneficiary_bank: p.beneficiaryBank,
          ...(p.beneficiaryEmail ? { beneficiary_email: p.beneficiaryEmail } : {}),
          amount: String(p.amount),
          notes: p.notes,
        })),
      };
      const json = obj(
        await irisCall(
          'POST',
          '/payouts',
          body,
          idempotencyKey ? { 'x-idempotency-key': idempotencyKey } : {},
        ),
      );
      return list(json.payouts).map((p) => ({
        referenceNo: str(p.reference_no) ?? '',
        status: (str(p.status) ?? 'queued') as PayoutStatus,
      }));
    },
    async getPayout(referenceNo) {
      try {
        return readPayout(obj(await irisCall('GET', `/payouts/${encodeURIComponent(referenceNo)}`)));
      } catch (err) {
        if (err instanceof ProviderError && err.statusCode === '404') return null;
        throw err;
      }
    },
    async approvePayouts(referenceNos) {
      await irisCall('POST', '/payouts/approve', { reference_nos: referenceNos });
    },
    async rejectPayouts(referenceNos, reason) {
      await irisCall('POST', '/payouts/reject', { reference_nos: referenceNos, reject_reason: reason });
    },
    verifyIrisSignature(rawBody, signature) {
      // Without a merchant key nothing can be trusted, so every notification is refused.
      if (!opts.irisMerchantKey || typeof signature !== 'string') return false;
      return sameSignature(signature.toLowerCase(), irisSignature(rawBody, opts.irisMerchantKey));
    },
  };
  return gateway;
}
