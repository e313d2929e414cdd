import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage, fieldErrors } from '@psb/api-client/http';
import {
  type AssistedResponse,
  attachAccountSchema,
  type InformationDetail,
} from '@psb/contracts/registrants-admin';
import { useModuleActions } from '@psb/resource-ui';
import { Alert, Button, Group, Modal, Stack, Text } from '@psb/ui';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateRegistrants } from '../common/api/registrants';
import { AccountCreated } from './AccountCreated';
import { attachAccount } from './api/assisted';
import { ParentContactFields } from './ParentContactFields';

const EMPTY = { parent_name: '', email: '', phone_number: '' };

/**
 * "Tambahkan Akun Orang Tua" on the detail of a registrant registered without an account: a new account with
 * a temporary password (shown once, with the login slip), or the parent's existing account with that contact.
 */
export function AddParentAccount({ r }: { r: InformationDetail }) {
  const may = useModuleActions('Calon Murid');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<AssistedResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(attachAccountSchema, { sync: true }),
  });
  // The result stays on screen after the detail reloads without the pending placeholder.
  if (!may.update || (!r.parent.account_pending && !result)) return null;

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      setResult(await attachAccount(r.id, values));
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length) form.setErrors(fields);
      setProblem(errorMessage(error));
    }
  });
  const close = () => {
    setOpen(false);
    form.reset();
    setProblem(null);
    if (result) {
      setResult(null);
      void invalidateRegistrants(queryClient);
    }
  };

  return (
    <>
      <Group>
        <Button
          variant="light"
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          data-testid="add-parent-account"
        >
          Tambahkan Akun Orang Tua
        </Button>
        <Text size="sm" c="gray.7">
          Calon murid ini didaftarkan tanpa akun orang tua.
        </Text>
      </Group>
      <Modal
        opened={open}
        onClose={close}
        title="Tambahkan Akun Orang Tua"
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Tutup' }}
      >
        {result ? (
          <AccountCreated result={result} onClose={close} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="gray.7">
                Bila email atau No. HP sudah terdaftar, calon murid dipindahkan ke akun tersebut; bila belum,
                akun baru dibuat dengan kata sandi sementara.
              </Text>
              <ParentContactFields form={form} />
              {problem && (
                <Alert color="red" title="Akun gagal ditambahkan">
                  {problem}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Batal
                </Button>
                <Button type="submit" loading={form.submitting}>
                  Tambahkan
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
