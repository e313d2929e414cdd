/** Small readers for Midtrans JSON (parsed leniently: fields appear, types vary) and shared wire rules. */
export type Json = Record<string, unknown>;

export const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
export const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
export const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);

/** Midtrans order ids: letters, digits and `- _ ~ .`, at most 50 characters. */
export const ORDER_ID_TEXT = '[A-Za-z0-9\\-_~.]{1,50}';
export const ORDER_ID = new RegExp(`^${ORDER_ID_TEXT}$`);

/** Core API and Iris authenticate with the key as Basic user name and an empty password. */
export const basicAuth = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
