import { fromIsoDate, toIsoDate } from '@psb/contracts/survey';
import { TextInput } from '@psb/ui';
import { asText, FIELD_STYLES, type FieldProps, inputId } from './types';

/** Digits → dd/mm/yyyy as they are typed. */
export function formatDateTyping(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/**
 * Shown and typed as dd/mm/yyyy, stored (and sent) as yyyy-mm-dd. An unfinished date is kept as typed, so it
 * is neither lost nor sent: it shows as invalid until completed.
 */
export function DateField({ q, value, onChange, error, required, readOnly }: FieldProps) {
  const stored = asText(value);
  const shown = fromIsoDate(stored) ?? stored;
  return (
    <TextInput
      id={inputId(q)}
      label={q.label}
      styles={FIELD_STYLES}
      withAsterisk={required}
      aria-required={required || undefined}
      description={q.hint ?? 'Format: dd/mm/yyyy'}
      placeholder="dd/mm/yyyy"
      inputMode="numeric"
      autoComplete="off"
      maw={200}
      value={shown}
      readOnly={readOnly}
      error={error}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        // Deleting a slash must not put it straight back.
        const next = typed.length < shown.length && shown.endsWith('/') ? typed : formatDateTyping(typed);
        onChange(toIsoDate(next) ?? next);
      }}
    />
  );
}
