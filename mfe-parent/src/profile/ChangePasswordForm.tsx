import { useForm } from '@mantine/form';
import { errorMessage, fieldErrors } from '@psb/api-client/http';
import { MSG, PASSWORD_MIN } from '@psb/contracts/auth';
import { Button, Card, notify, PasswordField, Stack, Title } from '@psb/ui';
import { useState } from 'react';
import { changeOwnPassword } from './api';

/** PUT public/change_password with the session's token; the server answers with a new token, which is kept. */
export function ChangePasswordForm() {
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { old_password: '', password: '', confirm: '' },
    validate: {
      old_password: (value) => (value ? null : MSG.required),
      password: (value) => (value.length < PASSWORD_MIN ? MSG.passwordMin : null),
      confirm: (value, values) => (value !== values.password ? MSG.passwordMismatch : null),
    },
  });
  const submit = form.onSubmit(async ({ old_password, password }) => {
    setSaving(true);
    try {
      const response = await changeOwnPassword({ old_password, password });
      form.reset();
      notify.success(response.message);
    } catch (error) {
      form.setErrors(fieldErrors(error));
      notify.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="md">
        Ubah Kata Sandi
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordField
            label="Kata sandi lama"
            name="old_password"
            autoComplete="current-password"
            key={form.key('old_password')}
            {...form.getInputProps('old_password')}
          />
          <PasswordField
            label="Kata sandi baru"
            name="password"
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Konfirmasi kata sandi baru"
            name="confirm"
            autoComplete="new-password"
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={saving} w="fit-content">
            Ubah Kata Sandi
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
