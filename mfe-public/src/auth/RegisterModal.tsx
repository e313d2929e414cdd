import { schemaResolver, useForm } from '@mantine/form';
import { errorMessage, fieldErrors } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { registerRequestSchema } from '@psb/contracts/auth';
import { useNavigate } from '@psb/router';
import { Anchor, Button, Modal, notify, PasswordField, Stack, Text, TextInput } from '@psb/ui';
import { useState } from 'react';
import { register } from './api';
import { useReturnPath } from './useReturnPath';

export interface RegisterModalProps {
  opened: boolean;
  onClose: () => void;
  onLogin: () => void;
}

/** Parent registration: the answer is already a session, so the new parent goes straight in (no second sign-in). */
export function RegisterModal({ opened, onClose, onLogin }: RegisterModalProps) {
  const navigate = useNavigate();
  const afterLogin = useReturnPath('user');
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', phone_number: '', password: '' },
    validate: schemaResolver(registerRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const body = {
        name: values.name.trim(),
        email: values.email.trim(),
        phone_number: values.phone_number.trim(),
        password: values.password,
      };
      const response = await register(body);
      useSession.getState().setUserSession(response);
      notify.success(response.message);
      form.reset();
      navigate(afterLogin);
    } catch (error) {
      // 400: the server's field messages land on the fields; 409 and others: one notification.
      form.setErrors(fieldErrors(error));
      notify.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Daftar" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Nama"
            name="name"
            autoComplete="name"
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="No. HP"
            name="phone_number"
            inputMode="numeric"
            autoComplete="tel"
            description="Isi Email atau No. HP (boleh keduanya)."
            key={form.key('phone_number')}
            {...form.getInputProps('phone_number')}
          />
          <PasswordField
            label="Kata Sandi"
            name="password"
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Daftar
          </Button>
          <Text size="sm" ta="center">
            Sudah punya akun?{' '}
            <Anchor component="button" type="button" onClick={onLogin}>
              Masuk di sini
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
