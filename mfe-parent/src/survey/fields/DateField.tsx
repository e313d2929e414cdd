import { formatDateTyping, fromIsoDate, SURVEY_MSG, toIsoDate } from '@psb/contracts/survey';
import { TextInput } from '@psb/ui';
import { asText, FIELD_STYLES, type FieldProps, inputId } from './types';

/**
 * Shown and typed as dd/mm/yyyy, stored (and sent) as yyyy-mm-dd. An unfinished date is kept as typed, so it
 * is neither lost nor sent. A date that is complete but does not exist (31/02) is refused on the field at
 * once, not when the page changes.
 */
export function DateField({ q, value, onChange, error, required, readOnly }: FieldProps) {
  const stored = asText(value);
  const shown = fromIsoDate(stored) ?? stored;
  const impossible = shown.length === 10 && toIsoDate(shown) === null;
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
      error={error ?? (impossible ? SURVEY_MSG.date : undefined)}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        // Deleting a slash must not put it straight back.
        const next = typed.length < shown.length && shown.endsWith('/') ? typed : formatDateTyping(typed);
        onChange(toIsoDate(next) ?? next);
      }}
    />
  );
}
