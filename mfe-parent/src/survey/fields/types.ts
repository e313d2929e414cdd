import type { Answers, Question } from '@psb/contracts/survey';

/** What every question input gets: one component per question kind renders it. */
export interface FieldProps {
  q: Question;
  value: unknown;
  answers: Answers;
  onChange: (value: unknown) => void;
  /** Leaving the input: the form checks the answer's format then (a phone number typed short, say). */
  onBlur?: () => void;
  error?: string;
  required: boolean;
  readOnly: boolean;
}

export const OTHER = '__lainnya__';
export const OTHER_LABEL = 'Lainnya';
export const asText = (value: unknown) =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
export const inputId = (q: Question) => `q-${q.no}`;

/**
 * Dropdowns of the form's selects. On phones, opening a select near the bottom of the page can scroll the
 * page; the dropdown then stays with its input instead of hiding itself.
 */
export const COMBOBOX_PROPS = { withinPortal: true, hideDetached: false } as const;

/** Descriptions (hints, formats) in a grey dark enough to read (Mantine's "dimmed" is below WCAG AA). */
export const FIELD_STYLES = { description: { color: 'var(--mantine-color-gray-7)' } } as const;
