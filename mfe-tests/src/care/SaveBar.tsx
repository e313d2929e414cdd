import { Button, formatDateTime, Group, Text } from '@psb/ui';

/** The foot of a care form: what is saved and when, unsaved changes, and the save button when allowed. */
export function SaveBar({
  editable,
  dirty,
  saving,
  updatedAt,
}: {
  editable: boolean;
  dirty: boolean;
  saving: boolean;
  updatedAt: string | null;
}) {
  const state = saving
    ? 'Menyimpan…'
    : dirty
      ? 'Ada perubahan yang belum disimpan.'
      : updatedAt
        ? `Tersimpan ${formatDateTime(updatedAt)}.`
        : 'Belum pernah diisi.';
  return (
    <Group justify="space-between">
      <Text size="sm" c={dirty ? 'orange.9' : 'gray.7'} role="status">
        {state}
      </Text>
      {editable && (
        <Button type="submit" loading={saving} disabled={!dirty}>
          Simpan
        </Button>
      )}
    </Group>
  );
}
