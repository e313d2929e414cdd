import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage } from '@psb/api-client/http';
import { forgotPasswordSchema } from '@psb/contracts/auth';
import { Anchor, Button, Modal, notify, Stack, Text, TextInput } from '@psb/ui';
import { useState } from 'react';
import { forgotPassword } from './api';

/** Asks for a reset link by e-mail (POST public/forgot_password). */
export function ForgotPasswordModal({
  opened,
  onClose,
  onLogin,
}: {
  opened: boolean;
  onClose: () => void;
  onLogin: () => void;
}) {
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '' },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });
  const submit = form.onSubmit(async ({ username }) => {
    setSubmitting(true);
    try {
      const response = await forgotPassword({ username: username.trim() });
      notify.success(response.message);
      onLogin();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Lupa Kata Sandi" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Masukkan Email atau No. HP akun Anda. Tautan untuk mengatur ulang kata sandi akan dikirim ke email
            Anda.
          </Text>
          <TextInput
            label="Email / No. HP"
            name="username"
            data-autofocus
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Kirim Tautan
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={onLogin}>
            Kembali ke Masuk
          </Anchor>
        </Stack>
      </form>
    </Modal>
  );
}
