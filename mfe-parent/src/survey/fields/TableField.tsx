import { ActionIcon, Button, Group, Input, Paper, SimpleGrid, Stack, Text, TextInput } from '@psb/ui';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FIELD_STYLES, type FieldProps, inputId } from './types';

type Row = Record<string, string>;
const MAX_ROWS = 20;

/** Rows of `columns` (siblings at the foundation, children registering together); each row is a card. */
export function TableField({ q, value, onChange, error, required, readOnly }: FieldProps) {
  const columns = q.columns ?? [];
  const rows: Row[] = Array.isArray(value)
    ? value.map((r) => (typeof r === 'object' && r !== null ? (r as Row) : {}))
    : [];
  const shown = rows.length ? rows : readOnly ? [] : [{}];
  const emptyRow = () => Object.fromEntries(columns.map((c) => [c.key, '']));
  const setCell = (i: number, key: string, text: string) => {
    const next = shown.map((r) => ({ ...emptyRow(), ...r }));
    next[i] = { ...next[i], [key]: text };
    onChange(next);
  };

  return (
    <Input.Wrapper
      id={inputId(q)}
      label={q.label}
      styles={FIELD_STYLES}
      withAsterisk={required}
      error={error}
      description={q.hint ?? 'Isi satu baris untuk setiap anak.'}
    >
      <Stack gap="xs" mt={6}>
        {shown.length === 0 && <Text size="sm">Tidak ada data.</Text>}
        {shown.map((row, i) => (
          <Paper key={i} withBorder radius="md" p="sm">
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={600}>
                Anak {i + 1}
              </Text>
              {!readOnly && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Hapus baris ${i + 1}`}
                  onClick={() => onChange(shown.filter((_, j) => j !== i))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: columns.length }} spacing="xs">
              {columns.map((c) => (
                <TextInput
                  key={c.key}
                  label={c.label}
                  aria-label={`${c.label} baris ${i + 1}`}
                  value={row[c.key] ?? ''}
                  readOnly={readOnly}
                  onChange={(e) => setCell(i, c.key, e.currentTarget.value)}
                />
              ))}
            </SimpleGrid>
          </Paper>
        ))}
        {!readOnly && shown.length < MAX_ROWS && (
          <Button
            variant="light"
            size="sm"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onChange([...shown.map((r) => ({ ...emptyRow(), ...r })), emptyRow()])}
          >
            Tambah baris
          </Button>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
