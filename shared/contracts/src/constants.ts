/*
 * Plain constants the front ends need at boot, kept apart from the zod schemas next to which they are
 * documented (public.ts, resources/index.ts re-export them) so that `@psb/contracts/core` can offer them.
 */

/** The primary colour of a tenant that has not chosen one (GET public/theme). */
export const DEFAULT_THEME = '#055837';

/** Page size of `GET /<plural>` when the query names none, and the largest it accepts. */
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;

/** Topics of the FAQ, in the order the pages and the editor show them. */
export const FAQ_TOPICS = [
  { key: 'registration', label: 'Pendaftaran' },
  { key: 'documents', label: 'Dokumen' },
  { key: 'payment', label: 'Pembayaran' },
  { key: 'general', label: 'Umum' },
] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number]['key'];

/** Error `code` of a 403: the caller signed in with a temporary password and must change it first. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';
