// No zod here: the parent's home colours a published result's badge with these, and its first chunk must
// not wait for the schemas (`@psb/contracts/result-kinds`).

/** The three kinds of accepted status, from the master's flags. */
export const RESULT_KINDS = ['accepted', 'rejected', 'reserve'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];
export const RESULT_KIND_LABELS: Record<ResultKind, string> = {
  accepted: 'Diterima',
  rejected: 'Tidak diterima',
  reserve: 'Cadangan',
};
/**
 * A school's accepted status as staff pick it: its own name, with the kind beside it only when the name does
 * not already say it ("Diterima", not "Diterima (Diterima)"; "Lulus Jalur Prestasi (Diterima)").
 */
export const resultStatusLabel = (name: string, kind: ResultKind) =>
  name.trim().toLowerCase() === RESULT_KIND_LABELS[kind].toLowerCase()
    ? name
    : `${name} (${RESULT_KIND_LABELS[kind]})`;

export const RESULT_KIND_COLORS: Record<ResultKind, string> = {
  accepted: 'green',
  rejected: 'red',
  reserve: 'orange',
};
export const resultKindOf = (s: { is_accepted: boolean; is_reserve: boolean }): ResultKind =>
  s.is_accepted ? 'accepted' : s.is_reserve ? 'reserve' : 'rejected';
