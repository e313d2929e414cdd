import { gcm } from '@noble/ciphers/aes';
import { bytesToUtf8, hexToBytes, utf8ToBytes } from '@noble/ciphers/utils';
import { NONCE_BYTES, SESSION_KEY_HEX } from './storedSession';

/**
 * The session is stored encrypted with a fixed client-side secret. This only keeps tokens
 * from being readable at a glance in local storage; it is not a defence against code running on the page.
 */
const KEY = hexToBytes(SESSION_KEY_HEX);

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** AES-256-GCM with a fresh random nonce per write; output is base64(nonce ‖ ciphertext ‖ tag). */
export function encrypt(plaintext: string): string {
  // The browser's own random source (what the cipher library's helper wraps), one module less on first load.
  const nonce = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
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
