import { Text, Textarea, TextInput } from '@psb/ui';
import { asText, FIELD_STYLES, type FieldProps, inputId } from './types';

/**
 * Short answers show a live character counter (the badge name's 14 characters) and stop at their limit as the
 * parent types; a pasted longer text is cut there too.
 */
const COUNTER_UP_TO = 30;

export function TextField({ q, value, onChange, error, required, readOnly }: FieldProps) {
  const text = asText(value);
  const counter = q.maxLength && q.maxLength <= COUNTER_UP_TO;
  const over = !!q.maxLength && text.trim().length > q.maxLength;
  const description = counter ? (
    <Text component="span" size="xs" c={over ? 'red.8' : 'gray.7'} data-testid={`counter-${q.no}`}>
      {text.trim().length}/{q.maxLength} karakter
    </Text>
  ) : (
    q.hint
  );
  const common = {
    id: inputId(q),
    label: q.label,
    styles: FIELD_STYLES,
    withAsterisk: required,
    description,
    placeholder: q.placeholder,
    value: text,
    readOnly,
    error,
    'aria-required': required || undefined,
    maxLength: q.maxLength,
    onChange: (e: { currentTarget: { value: string } }) =>
      onChange(q.maxLength ? e.currentTarget.value.slice(0, q.maxLength) : e.currentTarget.value),
  };
  if (q.kind === 'textarea') return <Textarea {...common} autosize minRows={2} maxRows={6} />;
  return <TextInput {...common} autoComplete="off" />;
}
