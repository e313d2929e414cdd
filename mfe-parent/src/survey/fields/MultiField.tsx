import { Checkbox, SimpleGrid, Stack, TextInput } from '@psb/ui';
import { useState } from 'react';
import { FIELD_STYLES, type FieldProps, inputId, OTHER, OTHER_LABEL } from './types';

/** Several of `options` (checkboxes); with `allowOther` a "Lainnya" box adds a typed answer. */
export function MultiField({ q, value, onChange, error, required, readOnly }: FieldProps) {
  const options = q.options ?? [];
  const items = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const chosen = items.filter((v) => options.includes(v));
  const otherText = items.find((v) => !options.includes(v)) ?? '';
  const [otherOn, setOtherOn] = useState(otherText !== '');
  const other = q.allowOther && (otherOn || otherText !== '');

  const emit = (next: string[], text: string, on: boolean) =>
    onChange([...next, ...(on && text !== '' ? [text] : [])]);

  return (
    <Stack gap="xs">
      <Checkbox.Group
        id={inputId(q)}
        label={q.label}
        styles={FIELD_STYLES}
        withAsterisk={required}
        description={q.hint ?? 'Boleh memilih lebih dari satu.'}
        value={[...chosen, ...(other ? [OTHER] : [])]}
        error={error}
        readOnly={readOnly}
        onChange={(values) => {
          const on = values.includes(OTHER);
          setOtherOn(on);
          emit(
            values.filter((v) => v !== OTHER),
            otherText,
            on,
          );
        }}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="sm" mt={6}>
          {options.map((o) => (
            <Checkbox key={o} value={o} label={o} disabled={readOnly} />
          ))}
          {q.allowOther && <Checkbox value={OTHER} label={OTHER_LABEL} disabled={readOnly} />}
        </SimpleGrid>
      </Checkbox.Group>
      {other && (
        <TextInput
          id={`${inputId(q)}-lainnya`}
          label={`${q.label} (lainnya)`}
          placeholder="Tuliskan jawaban Anda"
          value={otherText}
          readOnly={readOnly}
          maw={420}
          onChange={(e) => emit(chosen, e.currentTarget.value, true)}
        />
      )}
    </Stack>
  );
}
