/**
 * The payment provider as the payments module sees it. One implementation speaks the Midtrans Core API (and
 * Iris for payouts) over a transport: HTTPS to Midtrans when keys are configured, otherwise the built-in
 * simulator, which answers the very same requests under `/simulator/midtrans/…`. So the code path that builds
 * requests and reads answers is the one production uses, whichever side answers.
 */

/** Where a parent can pay: a bank's virtual account, Mandiri bill payment, or a QRIS code. */
export const PAYMENT_CHANNELS = ['bca', 'bni', 'bri', 'cimb', 'permata', 'mandiri', 'qris'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** Midtrans `transaction_status` values (note: `expire`, not `expired`). */
export const TRANSACTION_STATUSES = [
  'pending',
  'settlement',
  'capture',
  'expire',
  'cancel',
  'deny',
  'refund',
  'partial_refund',
  'chargeback',
  'partial_chargeback',
  'failure',
  'authorize',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export interface ChargeRequest {
  /** Ours, unique per attempt: letters, digits and `- _ ~ .`, at most 50 characters. */
  orderId: string;
  /** Integer rupiah, fee included. */
  grossAmount: number;
  channel: PaymentChannel;
  /** A fixed VA / bill key to ask for; the provider may issue another, so only the answer's number counts. */
  customVaNumber?: string | undefined;
  /** When the order was made and how long it stays payable. */
  expiry: { orderTime: Date; minutes: number };
  customer: { name: string; email?: string | undefined; phone?: string | undefined };
  /** Lines whose price × quantity sum to grossAmount (the convenience fee is a line of its own). */
  items: { id: string; name: string; price: number; quantity: number }[];
}

/** What a charge (or a status query) tells us about an order. Numbers come from the provider's answer. */
export interface ProviderOrder {
  orderId: string;
  transactionId: string;
  status: TransactionStatus;
  /** The `status_code` string as received ("201", "200", "407", …). */
  statusCode: string;
  /** Integer rupiah parsed from the received `gross_amount` ("100000.00"). */
  grossAmount: number;
  channel: PaymentChannel;
  /** bank_transfer: `va_numbers[0].va_number` or `permata_va_number`. */
  vaNumber?: string | undefined;
  /** echannel (Mandiri bill): company code and bill key. */
  billerCode?: string | undefined;
  billKey?: string | undefined;
  /** qris: the QR payload and the provider's image URL. */
  qrString?: string | undefined;
  qrImageUrl?: string | undefined;
  transactionTime?: Date | undefined;
  expiresAt?: Date | undefined;
  settledAt?: Date | undefined;
  fraudStatus?: string | undefined;
  /** The answer as received, kept for support. */
  raw: unknown;
}

/** The body Midtrans POSTs to our notification URL (parsed leniently: new fields appear over time). */
export interface MidtransNotificationBody {
  transaction_time?: string;
  transaction_status: string;
  transaction_id?: string;
  status_message?: string;
  status_code: string;
  signature_key: string;
  settlement_time?: string;
  payment_type?: string;
  order_id: string;
  merchant_id?: string;
  gross_amount: string;
  fraud_status?: string;
  currency?: string;
  expiry_time?: string;
  va_numbers?: { bank: string; va_number: string }[];
  permata_va_number?: string;
  bill_key?: string;
  biller_code?: string;
  [extra: string]: unknown;
}

/** A provider refusal: `status_code` of the body (not the HTTP status), message as given. */
export class ProviderError extends Error {
  constructor(
    readonly statusCode: string,
    message: string,
    /** True when asking again later may succeed (network, 5xx, timeout): the outcome is unknown. */
    readonly uncertain: boolean,
  ) {
    super(message);
  }
}

export type PayoutStatus = 'queued' | 'approved' | 'rejected' | 'processed' | 'completed' | 'failed';

export interface Payout {
  referenceNo: string;
  beneficiaryName: string;
  beneficiaryAccount: string;
  beneficiaryBank: string;
  /** Integer rupiah. */
  amount: number;
  notes: string;
  status: PayoutStatus;
  createdAt?: Date | undefined;
  updatedAt?: Date | undefined;
}

/** One transfer to ask Iris for (POST /payouts). */
export interface PayoutRequest {
  beneficiaryName: string;
  beneficiaryAccount: string;
  /** Iris bank code, e.g. "bca". */
  beneficiaryBank: string;
  beneficiaryEmail?: string | undefined;
  /** Integer rupiah. */
  amount: number;
  /** At most 100 characters. */
  notes: string;
}

export interface PaymentGateway {
  readonly kind: 'midtrans' | 'simulator';
  /** POST /v2/charge. Rejects with ProviderError (uncertain: true when the outcome is unknown). */
  charge(req: ChargeRequest): Promise<ProviderOrder>;
  /** GET /v2/{order_id}/status; null when the provider does not know the order (404). */
  status(orderId: string): Promise<ProviderOrder | null>;
  /** POST /v2/{order_id}/cancel. */
  cancel(orderId: string): Promise<ProviderOrder>;
  /** POST /v2/{order_id}/expire (answers status_code 407). */
  expire(orderId: string): Promise<ProviderOrder>;
  /** SHA512(order_id + status_code + gross_amount + server key), compared in constant time. */
  verifySignature(
    body: Pick<MidtransNotificationBody, 'order_id' | 'status_code' | 'gross_amount' | 'signature_key'>,
  ): boolean;
  /** A notification body read as an order (times are WIB without offset; amounts "100000.00"). */
  parseNotification(body: MidtransNotificationBody): ProviderOrder;
  /** Iris: payouts list (GET /statements-like listing of our payouts) and one payout. */
  listPayouts(range: { from: Date; to: Date }): Promise<Payout[]>;
  /** Iris POST /payouts (queued until approved); the key makes a retried request return the first result. */
  createPayouts?(
    payouts: PayoutRequest[],
    idempotencyKey?: string,
  ): Promise<{ referenceNo: string; status: PayoutStatus }[]>;
  /** Iris GET /payouts/{reference_no}; null when Iris does not know it. */
  getPayout?(referenceNo: string): Promise<Payout | null>;
  /** Iris POST /payouts/approve. */
  approvePayouts?(referenceNos: string[]): Promise<void>;
  /** Iris POST /payouts/reject with the reason. */
  rejectPayouts?(referenceNos: string[], reason: string): Promise<void>;
  /** Iris-Signature header: SHA512_hex(raw body + Iris merchant key), compared in constant time. */
  verifyIrisSignature(rawBody: string, signature: string | undefined): boolean;
}

/** An Iris payout notification `{reference_no, amount, status, updated_at, error_code?, error_message?}`. */
export interface PayoutNotification {
  referenceNo: string;
  status: PayoutStatus;
  /** Integer rupiah. */
  amount: number;
  updatedAt?: Date | undefined;
  errorMessage?: string | undefined;
}
