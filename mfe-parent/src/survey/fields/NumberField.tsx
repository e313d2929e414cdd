import { TextInput } from '@psb/ui';
import { asText, FIELD_STYLES, type FieldProps, inputId } from './types';

/** Whole numbers typed with the phone's number pad; stored as a number. */
export function NumberField({ q, value, onChange, error, required, readOnly }: FieldProps) {
  return (
    <TextInput
      id={inputId(q)}
      label={q.label}
      styles={FIELD_STYLES}
      withAsterisk={required}
      aria-required={required || undefined}
      description={q.hint}
      inputMode="numeric"
      pattern="[0-9]*"
      maw={200}
      value={asText(value)}
      readOnly={readOnly}
      error={error}
      onChange={(e) => {
        const raw = e.currentTarget.value.replace(/[^\d]/g, '').slice(0, 3);
        onChange(raw === '' ? '' : Number(raw));
      }}
    />
  );
}
