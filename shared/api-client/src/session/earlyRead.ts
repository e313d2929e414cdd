import { NONCE_BYTES, SESSION_KEY_HEX, SESSION_STORAGE_KEY } from './storedSession';

/**
 * The stored session, decrypted with the browser's own AES-GCM before the app's scripts run. The store's API
 * is synchronous (route guards and the http client read it during the first render), so it reads storage
 * synchronously as its module loads; left to itself it decrypts with the pure-JS cipher, on the main thread,
 * at every start. The plain text waits on globalThis because the shell's entry and the shared session module
 * each bundle their own copy of this file.
 */
const SLOT = '__psbSessionEarlyRead';
type Slot = { [SLOT]?: { stored: string; plain: string } };

const hexBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

/** Never rejects: whatever fails here (no Web Crypto off https, tampered data) the store handles as before. */
export async function readSessionEarly(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<void> {
  try {
    const stored = storage?.getItem(SESSION_STORAGE_KEY);
    if (!stored || !subtle) return;
    const bytes = Uint8Array.from(atob(stored), (c) => c.charCodeAt(0));
    if (bytes.length <= NONCE_BYTES) return;
    const key = await subtle.importKey('raw', hexBytes(SESSION_KEY_HEX), 'AES-GCM', false, ['decrypt']);
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, NONCE_BYTES) },
      key,
      bytes.subarray(NONCE_BYTES),
    );
    (globalThis as Slot)[SLOT] = { stored, plain: new TextDecoder().decode(plain) };
  } catch {
    // The store decrypts (or rejects) the stored value itself.
  }
}

/** The plain text readSessionEarly found for exactly this stored value, handed out once; else undefined. */
export function takeEarlyRead(stored: string): string | undefined {
  const slot = globalThis as Slot;
  const early = slot[SLOT];
  delete slot[SLOT];
  return early?.stored === stored ? early.plain : undefined;
}
