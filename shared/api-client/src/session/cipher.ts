import { gcm } from '@noble/ciphers/aes';
import { bytesToUtf8, hexToBytes, utf8ToBytes } from '@noble/ciphers/utils';
import { randomBytes } from '@noble/ciphers/webcrypto';

/**
 * The session is stored encrypted with a fixed client-side secret. This only keeps tokens
 * from being readable at a glance in local storage; it is not a defence against code running on the page.
 */
/**
 * SHA-256 of the fixed secret 'psb-online/session/v1', written out: deriving a constant at every start put a
 * hash function on the first page load for nothing. Sessions stored before keep decrypting (tested).
 */
const KEY = hexToBytes('aa7d09cb28331b6164a08491b1ad091e0779883a20182eaed4e7c7429f40e97f');
const NONCE_BYTES = 12;

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** AES-256-GCM with a fresh random nonce per write; output is base64(nonce ‖ ciphertext ‖ tag). */
export function encrypt(plaintext: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const sealed = gcm(KEY, nonce).encrypt(utf8ToBytes(plaintext));
  const out = new Uint8Array(nonce.length + sealed.length);
  out.set(nonce);
  out.set(sealed, nonce.length);
  return toBase64(out);
}

/** Returns null for anything that was not written by `encrypt` (tampered, old format, garbage). */
export function decrypt(stored: string): string | null {
  try {
    const bytes = fromBase64(stored);
    if (bytes.length <= NONCE_BYTES) return null;
    return bytesToUtf8(gcm(KEY, bytes.subarray(0, NONCE_BYTES)).decrypt(bytes.subarray(NONCE_BYTES)));
  } catch {
    return null;
  }
}
