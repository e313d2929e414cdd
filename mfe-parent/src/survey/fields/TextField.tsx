import { Text, Textarea, TextInput } from '@psb/ui';
import { useState } from 'react';
import { asText, FIELD_STYLES, type FieldProps, inputId } from './types';

/**
 * Short answers show a live character counter (the badge name's 14 characters) and stop at their limit as the
 * parent types. A longer text (typed on, or pasted) is cut there and the field says so, so nobody finds a
 * shortened name on the badge later. The cut is made here, not by the input's maxlength, which the browser
 * applies without a word.
 */
const COUNTER_UP_TO = 30;

export function TextField({ q, value, onChange, onBlur, error, required, readOnly }: FieldProps) {
  const text = asText(value);
  const [cut, setCut] = useState(false);
  const counter = q.maxLength && q.maxLength <= COUNTER_UP_TO;
  const over = !!q.maxLength && text.trim().length > q.maxLength;
  const cutNote = cut && `Teks dipotong: hanya ${q.maxLength} karakter pertama yang dipakai.`;
  const description = counter ? (
    <Text component="span" size="xs" c={over || cut ? 'red.8' : 'gray.7'} data-testid={`counter-${q.no}`}>
      {text.trim().length}/{q.maxLength} karakter{cutNote && ` · ${cutNote}`}
    </Text>
  ) : cutNote ? (
    <Text component="span" size="xs" c="red.8">
      {cutNote}
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
    onBlur,
    onChange: (e: { currentTarget: { value: string } }) => {
      const typed = e.currentTarget.value;
      const tooLong = !!q.maxLength && typed.length > q.maxLength;
      setCut(tooLong);
      onChange(tooLong ? typed.slice(0, q.maxLength) : typed);
    },
  };
  if (q.kind === 'textarea') return <Textarea {...common} autosize minRows={2} maxRows={6} />;
  return <TextInput {...common} autoComplete="off" />;
}
