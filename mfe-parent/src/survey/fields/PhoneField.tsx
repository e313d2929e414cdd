import { maskPhone } from '@psb/contracts/survey';
import { TextInput } from '@psb/ui';
import { asText, FIELD_STYLES, type FieldProps, inputId } from './types';

/** `+62` followed by up to 12 digits (a leading 0 or 62 typed out of habit is dropped). */
export function PhoneField({ q, value, onChange, onBlur, error, required, readOnly }: FieldProps) {
  return (
    <TextInput
      id={inputId(q)}
      label={q.label}
      styles={FIELD_STYLES}
      withAsterisk={required}
      aria-required={required || undefined}
      description={q.hint ?? 'Contoh: +6281234567890'}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+62"
      maw={320}
      value={asText(value)}
      readOnly={readOnly}
      error={error}
      onChange={(e) => onChange(maskPhone(e.currentTarget.value))}
      onBlur={onBlur}
    />
  );
}
