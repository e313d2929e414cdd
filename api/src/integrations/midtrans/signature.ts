import crypto from 'node:crypto';

/** Midtrans' notification signature: SHA512 hex of the strings exactly as sent (not an HMAC). */
export const notificationSignature = (
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
) => crypto.createHash('sha512').update(`${orderId}${statusCode}${grossAmount}${serverKey}`).digest('hex');

/** Constant-time comparison that also survives inputs of a different length (timingSafeEqual throws on those). */
export function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha512').update(given).digest();
  const b = crypto.createHash('sha512').update(expected).digest();
  return crypto.timingSafeEqual(a, b) && given.length === expected.length;
}

/**
 * A received notification signature against the expected one: both are SHA-512 hex, so a given key of another
 * length is simply refused (the length is no secret) and equal lengths are compared in constant time, with one
 * hash per notification instead of three.
 */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** "100000.00" → 100000; NaN for text that is not an amount. */
export function rupiah(text: unknown): number {
  const s = typeof text === 'number' ? String(text) : typeof text === 'string' ? text.trim() : '';
  return /^\d+(\.\d{1,2})?$/.test(s) ? Math.round(Number(s)) : Number.NaN;
}

/** 100000 → "100000.00", the way Midtrans writes gross_amount (and signs it). */
export const amountText = (amount: number) => `${amount}.00`;

/** Iris' notification signature (`Iris-Signature`): SHA512 hex of the raw body followed by the merchant key. */
export const irisSignature = (rawBody: string, merchantKey: string) =>
  crypto.createHash('sha512').update(`${rawBody}${merchantKey}`).digest('hex');
