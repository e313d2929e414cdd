import { useForm } from '@mantine/form';
import { errorMessage } from '@psb/api-client/http';
import { MSG, PASSWORD_MIN } from '@psb/contracts/auth';
import { Button, Modal, notify, PasswordField, Stack } from '@psb/ui';
import { useState } from 'react';
import { resetPassword } from './api';

/** The form behind the e-mailed link: a new password for the account of `resetToken`. */
export function ResetPasswordModal({
  resetToken,
  onClose,
  onDone,
}: {
  resetToken: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) => (value.length < PASSWORD_MIN ? MSG.passwordMin : null),
      confirm: (value, values) => (value !== values.password ? MSG.passwordMismatch : null),
    },
  });
  const submit = form.onSubmit(async ({ password }) => {
    setSubmitting(true);
    try {
      const response = await resetPassword({ reset_token: resetToken, password });
      notify.success(response.message);
      onDone();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title="Atur Ulang Kata Sandi" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordField
            label="Kata sandi baru"
            name="password"
            autoComplete="new-password"
            data-autofocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Konfirmasi kata sandi"
            name="confirm"
            autoComplete="new-password"
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Simpan Kata Sandi
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
