import { Textarea } from '@psb/ui';

export interface LinesFieldProps {
  label: string;
  value: readonly string[];
  onChange: (lines: string[]) => void;
  description?: string;
}

/** A list of short texts edited one per line (blank lines are dropped when saved). */
export function LinesField({
  label,
  value,
  onChange,
  description = 'Satu butir per baris.',
}: LinesFieldProps) {
  return (
    <Textarea
      label={label}
      description={description}
      descriptionProps={{ c: 'gray.7' }}
      value={value.join('\n')}
      onChange={(e) => onChange(e.currentTarget.value.split('\n'))}
      autosize
      minRows={3}
    />
  );
}
