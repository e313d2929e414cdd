import { nikWarnings, todayWibText } from '@psb/contracts/parent';
import { Stack, Text } from '@psb/ui';
import { TextField } from './TextField';
import { asText, type FieldProps } from './types';

/**
 * The NIK as a text answer, with what looks wrong in it (length, birth date or sex against the answers)
 * written under it as a warning: the answer is saved whatever it is, and the school checks it.
 */
export function NikField(props: FieldProps) {
  const nik = asText(props.value).trim();
  const warnings = nik
    ? nikWarnings({
        nik,
        birthDate: asText(props.answers['4']) || null,
        sex: asText(props.answers['5']) || null,
        today: todayWibText(),
      })
    : [];
  return (
    <Stack gap={4}>
      <TextField {...props} />
      {warnings.map((w) => (
        <Text key={w} size="xs" c="orange.9" role="status" data-testid="nik-warning">
          Periksa kembali: {w}
        </Text>
      ))}
    </Stack>
  );
}
