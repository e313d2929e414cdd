/**
 * When a session token was issued (seconds since epoch), read from its payload; null when it cannot be read.
 * Only a hint for what a form asks: the server decides with the signed value.
 */
export function signedInAt(token: string | null | undefined): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'));
    const iat = (JSON.parse(json) as { iat?: unknown }).iat;
    return typeof iat === 'number' ? iat : null;
  } catch {
    return null;
  }
}

/** The session was opened with the password less than `seconds` ago (by this device's clock). */
export const signedInWithin = (token: string | null | undefined, seconds: number) => {
  const at = signedInAt(token);
  return at !== null && Date.now() / 1000 - at < seconds;
};
