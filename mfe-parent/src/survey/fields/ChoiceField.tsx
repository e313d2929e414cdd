import { Group, Radio, Select, Stack, TextInput } from '@psb/ui';
import { useState } from 'react';
import { asText, COMBOBOX_PROPS, FIELD_STYLES, type FieldProps, inputId, OTHER, OTHER_LABEL } from './types';

/** Up to this many choices (with "Lainnya") are radio buttons, more are a select. */
const RADIO_UP_TO = 4;

/**
 * One of `options`; with `allowOther` a "Lainnya" choice opens a text input whose text is the answer.
 */
export function ChoiceField({ q, value, onChange, error, required, readOnly }: FieldProps) {
  const options = q.options ?? [];
  const text = asText(value);
  const isOther = text !== '' && !options.includes(text);
  const [otherChosen, setOtherChosen] = useState(isOther);
  const other = q.allowOther && (isOther || otherChosen);
  const selected = other ? OTHER : text;

  const choose = (v: string | null) => {
    if (v === OTHER) {
      setOtherChosen(true);
      onChange(isOther ? text : '');
    } else {
      setOtherChosen(false);
      onChange(v ?? '');
    }
  };

  const otherInput = other && (
    <TextInput
      id={`${inputId(q)}-lainnya`}
      label={`${q.label} (lainnya)`}
      placeholder="Tuliskan jawaban Anda"
      withAsterisk={required}
      value={isOther ? text : ''}
      readOnly={readOnly}
      maw={420}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error && isOther ? error : undefined}
    />
  );

  const count = options.length + (q.allowOther ? 1 : 0);
  if (count <= RADIO_UP_TO)
    return (
      <Stack gap="xs">
        <Radio.Group
          id={inputId(q)}
          label={q.label}
          styles={FIELD_STYLES}
          withAsterisk={required}
          description={q.hint}
          value={selected}
          onChange={choose}
          error={other && isOther ? undefined : error}
          readOnly={readOnly}
        >
          <Group gap="lg" mt={6}>
            {options.map((o) => (
              <Radio key={o} value={o} label={o} disabled={readOnly} />
            ))}
            {q.allowOther && <Radio value={OTHER} label={OTHER_LABEL} disabled={readOnly} />}
          </Group>
        </Radio.Group>
        {otherInput}
      </Stack>
    );

  const data = [...options.map((o) => ({ value: o, label: o }))];
  if (q.allowOther) data.push({ value: OTHER, label: `${OTHER_LABEL}…` });
  return (
    <Stack gap="xs">
      <Select
        id={inputId(q)}
        label={q.label}
        styles={FIELD_STYLES}
        withAsterisk={required}
        aria-required={required || undefined}
        description={q.hint}
        placeholder="Pilih"
        data={data}
        value={selected || null}
        onChange={choose}
        error={other && isOther ? undefined : error}
        readOnly={readOnly}
        allowDeselect={false}
        checkIconPosition="right"
        maw={420}
        comboboxProps={COMBOBOX_PROPS}
      />
      {otherInput}
    </Stack>
  );
}
