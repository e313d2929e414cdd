import { errorMessage } from '@psb/api-client/http';
import { RelationMultiPicker, RelationPicker, resourceKeys, useModuleActions } from '@psb/resource-ui';
import {
  Alert,
  Button,
  Card,
  Group,
  NoAccess,
  notify,
  PageError,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@psb/ui';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { roleSchoolsQuery, saveRoleSchools, useRole, useRoleSchools } from '../roles/api/roles';

const MODULE = 'Peran Antara Sekolah';

/** Peran Antara Sekolah: the schools a staff role is limited to (none = every school). */
export default function RoleSchoolPage() {
  const actions = useModuleActions(MODULE);
  const queryClient = useQueryClient();
  const [roleId, setRoleId] = useState<number | null>(null);
  const role = useRole(roleId);
  const stored = useRoleSchools(roleId);
  const [schools, setSchools] = useState<string[] | null>(null);
  useEffect(() => {
    setSchools(stored.data ? stored.data.data.map((s) => String(s.school_id)) : null);
  }, [stored.data]);
  const knownLabels = Object.fromEntries(
    (stored.data?.data ?? []).map((s) => [String(s.school_id), s.school_name]),
  );
  const save = useMutation({
    mutationFn: (ids: string[]) => saveRoleSchools(roleId!, ids.map(Number)),
    onSuccess: (res) => {
      notify.success('Sekolah peran berhasil disimpan.');
      queryClient.setQueryData(roleSchoolsQuery(roleId!).queryKey, { success: true, data: res.data });
      // What the role sees changed: lists and counts are stale.
      void queryClient.invalidateQueries({ queryKey: resourceKeys.root });
    },
    onError: (e) => notify.error(errorMessage(e)),
  });

  if (!actions.read) return <NoAccess modules={[MODULE]} />;
  const storedIds = (stored.data?.data ?? [])
    .map((s) => String(s.school_id))
    .sort()
    .join(',');
  const dirty = schools !== null && [...schools].sort().join(',') !== storedIds;
  const editable = actions.update && !role.superadmin;

  return (
    <Stack gap="md" maw={760}>
      <Stack gap={2}>
        <Title order={2}>Peran Antara Sekolah</Title>
        <Text size="sm" c="dimmed">
          Batasi data sekolah yang dapat dilihat dan diubah oleh suatu peran. Tanpa sekolah yang dipilih,
          peran tersebut dapat mengakses semua sekolah.
        </Text>
      </Stack>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <RelationPicker
            resource="role"
            label="Peran"
            placeholder="Pilih peran"
            value={roleId === null ? null : String(roleId)}
            onChange={(v) => setRoleId(v ? Number(v) : null)}
            clearable={false}
            w={320}
          />
          {roleId === null ? (
            <Alert variant="light" color="gray">
              Pilih peran untuk mengatur sekolahnya.
            </Alert>
          ) : role.superadmin ? (
            <Alert variant="light" color="blue">
              Superadmin selalu dapat mengakses semua sekolah.
            </Alert>
          ) : stored.isError ? (
            <PageError message={errorMessage(stored.error)} onRetry={() => void stored.refetch()} />
          ) : schools === null ? (
            <Skeleton height={36} />
          ) : (
            <>
              <RelationMultiPicker
                resource="school"
                label="Sekolah"
                description="Kosongkan agar peran ini dapat mengakses semua sekolah."
                value={schools}
                onChange={setSchools}
                knownLabels={knownLabels}
                disabled={!editable}
              />
              {editable && (
                <Group justify="flex-end">
                  <Button
                    leftSection={<IconDeviceFloppy size={16} stroke={1.6} />}
                    onClick={() => save.mutate(schools)}
                    loading={save.isPending}
                    disabled={!dirty}
                  >
                    Simpan
                  </Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
