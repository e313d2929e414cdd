/**
 * Where and how the session is stored: AES-256-GCM, base64(nonce ‖ ciphertext ‖ tag). Import-free, so the
 * shell's entry can read the session before the shared libraries are negotiated (see earlyRead.ts).
 */
export const SESSION_STORAGE_KEY = 'psb-session';

/**
 * SHA-256 of the fixed secret 'psb-online/session/v1', written out: deriving a constant at every start put a
 * hash function on the first page load for nothing. Sessions stored before keep decrypting (tested).
 */
export const SESSION_KEY_HEX = 'aa7d09cb28331b6164a08491b1ad091e0779883a20182eaed4e7c7429f40e97f';
export const NONCE_BYTES = 12;
