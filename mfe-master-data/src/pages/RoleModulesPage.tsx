import { errorMessage } from '@psb/api-client/http';
import { ACTIONS, type Action, moduleLabel, roleDisplayName } from '@psb/contracts/core';
import { MODULE_GROUPS, MODULE_NAMES } from '@psb/contracts/module-groups';
import { RelationPicker, useModuleActions } from '@psb/resource-ui';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  modals,
  NoAccess,
  notify,
  PageError,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  useDisclosure,
} from '@psb/ui';
import { IconCopy, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  copyRoleModules,
  roleModulesQuery,
  saveRoleModules,
  useRole,
  useRoleModules,
} from '../roles/api/roles';
import { ACTION_LABELS, type Matrix, sameMatrix, setFlags, state, toBody, toMatrix } from '../roles/matrix';

const MODULE = 'Hak Akses';
/** Keeps a focused or scrolled-to checkbox clear of the app header and the sticky table header. */
const CLEAR_OF_HEADERS = { input: { scrollMarginTop: 140 } };

function CopyFromRole({
  target,
  targetName,
  onCopied,
}: {
  target: number;
  targetName: string;
  onCopied: (m: Matrix) => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const [source, setSource] = useState<string | null>(null);
  const copy = useMutation({
    mutationFn: (from: number) => copyRoleModules(from, target),
    onSuccess: (res) => {
      notify.success('Hak akses berhasil disalin.');
      onCopied(toMatrix(res.data));
      close();
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const confirm = () => {
    if (!source) return;
    modals.openConfirmModal({
      title: 'Salin hak akses?',
      children: (
        <Text size="sm">
          Semua hak akses peran <strong>{targetName}</strong> akan diganti dengan hak akses peran yang
          dipilih.
        </Text>
      ),
      labels: { confirm: 'Salin', cancel: 'Batal' },
      onConfirm: () => copy.mutate(Number(source)),
    });
  };
  return (
    <>
      <Button variant="default" leftSection={<IconCopy size={16} stroke={1.6} />} onClick={open}>
        Salin dari peran…
      </Button>
      <Modal opened={opened} onClose={close} title="Salin hak akses dari peran lain">
        <Stack gap="md">
          <RelationPicker
            resource="role"
            label="Salin dari peran"
            value={source}
            onChange={setSource}
            clearable={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Batal
            </Button>
            <Button
              onClick={confirm}
              disabled={!source || source === String(target)}
              loading={copy.isPending}
            >
              Salin
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function PermissionMatrix({
  matrix,
  onChange,
  disabled,
}: {
  matrix: Matrix;
  onChange: (m: Matrix) => void;
  disabled: boolean;
}) {
  const columnBox = (a: Action) => {
    const s = state(matrix, MODULE_NAMES, [a]);
    return (
      <Checkbox
        aria-label={`Pilih semua ${ACTION_LABELS[a]}`}
        checked={s.checked}
        indeterminate={s.indeterminate}
        disabled={disabled}
        onChange={(e) => onChange(setFlags(matrix, MODULE_NAMES, [a], e.currentTarget.checked))}
      />
    );
  };
  return (
    <Table
      stickyHeader
      stickyHeaderOffset={56}
      verticalSpacing={6}
      highlightOnHover
      withRowBorders
      data-testid="permission-matrix"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Modul</Table.Th>
          {ACTIONS.map((a) => (
            <Table.Th key={a} w={96} ta="center">
              <Stack gap={4} align="center">
                <Text size="sm" fw={700}>
                  {ACTION_LABELS[a]}
                </Text>
                {columnBox(a)}
              </Stack>
            </Table.Th>
          ))}
          <Table.Th w={96} ta="center">
            <Text size="sm" fw={700}>
              Semua
            </Text>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {Object.entries(MODULE_GROUPS).map(([group, modules]) => (
          <GroupRows
            key={group}
            group={group}
            modules={modules}
            matrix={matrix}
            onChange={onChange}
            disabled={disabled}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}

function GroupRows({
  group,
  modules,
  matrix,
  onChange,
  disabled,
}: {
  group: string;
  modules: readonly string[];
  matrix: Matrix;
  onChange: (m: Matrix) => void;
  disabled: boolean;
}) {
  return (
    <>
      <Table.Tr bg="var(--mantine-color-gray-0)">
        <Table.Td colSpan={6}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {group}
          </Text>
        </Table.Td>
      </Table.Tr>
      {modules.map((name) => {
        const row = state(matrix, [name], ACTIONS);
        return (
          <Table.Tr key={name}>
            <Table.Td>
              <Text size="sm">{moduleLabel(name)}</Text>
            </Table.Td>
            {ACTIONS.map((a) => (
              <Table.Td key={a}>
                <Checkbox
                  mx="auto"
                  w="fit-content"
                  styles={CLEAR_OF_HEADERS}
                  aria-label={`${ACTION_LABELS[a]} ${moduleLabel(name)}`}
                  checked={matrix[name]?.[a] ?? false}
                  disabled={disabled}
                  onChange={(e) => onChange(setFlags(matrix, [name], [a], e.currentTarget.checked))}
                />
              </Table.Td>
            ))}
            <Table.Td>
              <Checkbox
                mx="auto"
                w="fit-content"
                styles={CLEAR_OF_HEADERS}
                aria-label={`Semua hak ${moduleLabel(name)}`}
                checked={row.checked}
                indeterminate={row.indeterminate}
                disabled={disabled}
                onChange={(e) => onChange(setFlags(matrix, [name], ACTIONS, e.currentTarget.checked))}
              />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </>
  );
}

/** Hak Akses: one role's read/insert/update/delete flags on every module, saved at once. */
export default function RoleModulesPage() {
  const actions = useModuleActions(MODULE);
  const queryClient = useQueryClient();
  const [roleId, setRoleId] = useState<number | null>(null);
  const role = useRole(roleId);
  const stored = useRoleModules(roleId);
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  const baseline = stored.data ? toMatrix(stored.data.data) : null;
  useEffect(() => {
    setMatrix(stored.data ? toMatrix(stored.data.data) : null);
  }, [stored.data]);

  const save = useMutation({
    mutationFn: (m: Matrix) => saveRoleModules(roleId!, toBody(m)),
    onSuccess: (res) => {
      notify.success('Hak akses berhasil disimpan.');
      queryClient.setQueryData(roleModulesQuery(roleId!).queryKey, { success: true, data: res.data });
    },
    onError: (e) => notify.error(errorMessage(e)),
  });

  if (!actions.read) return <NoAccess modules={[MODULE]} />;
  const dirty = matrix !== null && baseline !== null && !sameMatrix(matrix, baseline);
  const readOnly = !actions.update || role.superadmin;

  return (
    <Stack gap="md" maw={960}>
      <Stack gap={2}>
        <Title order={2}>Hak Akses</Title>
        <Text size="sm" c="dimmed">
          Atur hak baca, tambah, ubah dan hapus setiap modul untuk satu peran. Perubahan berlaku pada
          permintaan berikutnya dari pengguna peran tersebut.
        </Text>
      </Stack>
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <RelationPicker
            resource="role"
            label="Peran"
            placeholder="Pilih peran"
            value={roleId === null ? null : String(roleId)}
            onChange={(v) => setRoleId(v ? Number(v) : null)}
            clearable={false}
            w={320}
          />
          {roleId !== null && actions.update && !role.superadmin && (
            <Group gap="xs">
              {dirty && (
                <Badge color="yellow" variant="light">
                  Belum disimpan
                </Badge>
              )}
              <CopyFromRole
                target={roleId}
                targetName={roleDisplayName(role.name)}
                onCopied={(m) =>
                  queryClient.setQueryData(roleModulesQuery(roleId).queryKey, {
                    success: true,
                    data: toBody(m),
                  })
                }
              />
              <Button
                leftSection={<IconDeviceFloppy size={16} stroke={1.6} />}
                onClick={() => matrix && save.mutate(matrix)}
                loading={save.isPending}
                disabled={!dirty}
              >
                Simpan
              </Button>
            </Group>
          )}
        </Group>
      </Card>
      {roleId === null ? (
        <Alert variant="light" color="gray">
          Pilih peran untuk melihat dan mengatur hak aksesnya.
        </Alert>
      ) : stored.isError ? (
        <PageError message={errorMessage(stored.error)} onRetry={() => void stored.refetch()} />
      ) : matrix === null ? (
        <Skeleton height={420} radius="md" />
      ) : (
        // Visible overflow: a Card clips by default, which would pin the sticky header inside the card.
        <Card withBorder radius="md" padding={0} style={{ overflow: 'visible' }}>
          {role.superadmin && (
            <Alert variant="light" color="blue" m="md">
              Hak akses superadmin selalu penuh dan tidak dapat diubah.
            </Alert>
          )}
          <PermissionMatrix
            matrix={role.superadmin ? setFlags(matrix, MODULE_NAMES, ACTIONS, true) : matrix}
            onChange={setMatrix}
            disabled={readOnly}
          />
        </Card>
      )}
    </Stack>
  );
}
