import { schemaResolver, useForm } from '@mantine/form';
import { type LoginResponse, loginRequestSchema } from '@psb/contracts/auth';
import { Button, PasswordField, Stack, TextInput } from '@psb/ui';
import { type ReactNode, useState } from 'react';
import { login } from './api';

export interface LoginFormProps {
  type: 'user' | 'admin';
  initialUsername?: string;
  onSuccess: (response: LoginResponse) => void;
  onFailure: (error: unknown) => void;
  children?: ReactNode;
}

/** Email/phone + password; Enter submits; the messages come from the shared contract schema. */
export function LoginForm({ type, initialUsername = '', onSuccess, onFailure, children }: LoginFormProps) {
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: initialUsername, password: '' },
    validate: schemaResolver(loginRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      onSuccess(await login({ username: values.username.trim(), password: values.password, type }));
    } catch (error) {
      onFailure(error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Email / No. HP"
          name="username"
          autoComplete="username"
          data-autofocus
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label="Kata Sandi"
          name="password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={submitting} fullWidth>
          Masuk
        </Button>
        {children}
      </Stack>
    </form>
  );
}
