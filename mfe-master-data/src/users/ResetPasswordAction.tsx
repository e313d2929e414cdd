import { errorMessage } from '@psb/api-client/http';
import type { ResourceRecord } from '@psb/resource-ui';
import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  modals,
  notify,
  Stack,
  Text,
  Tooltip,
} from '@psb/ui';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { resetPassword } from './api/users';

function TemporaryPassword({ name, password }: { name: string; password: string }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Kata sandi sementara untuk <strong>{name}</strong>:
      </Text>
      <Group gap="sm" wrap="nowrap">
        <Code fz="lg" px="md" py={6} data-testid="temporary-password">
          {password}
        </Code>
        <CopyButton value={password}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? 'Tersalin' : 'Salin'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Alert color="yellow" variant="light">
        Kata sandi ini hanya ditampilkan sekali. Sampaikan kepada pengguna dan minta ia menggantinya setelah
        masuk.
      </Alert>
      <Group justify="flex-end">
        <Button onClick={() => modals.closeAll()}>Selesai</Button>
      </Group>
    </Stack>
  );
}

/** The reset-password action (Atur Ulang Kata Sandi) on a user row: confirmation, then the temporary password shown once. */
export function ResetPasswordAction({ user }: { user: ResourceRecord }) {
  const name = String(user.name ?? user.email ?? `#${user.id}`);
  const reset = useMutation({
    mutationFn: () => resetPassword(user.id),
    onSuccess: (res) =>
      modals.open({
        title: 'Kata sandi berhasil diatur ulang',
        closeOnClickOutside: false,
        children: <TemporaryPassword name={name} password={res.password} />,
      }),
    onError: (e) => notify.error(errorMessage(e)),
  });
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Atur ulang kata sandi pengguna ini?',
      children: (
        <Text size="sm">
          Kata sandi <strong>{name}</strong> akan diganti dengan kata sandi sementara dan semua sesi masuknya
          berakhir.
        </Text>
      ),
      labels: { confirm: 'Atur Ulang Kata Sandi', cancel: 'Batal' },
      confirmProps: { color: 'orange' },
      onConfirm: () => reset.mutate(),
    });
  return (
    <Tooltip label="Atur Ulang Kata Sandi">
      <ActionIcon
        variant="subtle"
        color="orange"
        aria-label={`Atur ulang kata sandi ${name}`}
        loading={reset.isPending}
        onClick={confirm}
      >
        <IconKey size={18} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}
