import { errorMessage, fieldErrors } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import { normalizeVoucher } from '@psb/contracts/auth';
import { useNavigate } from '@psb/router';
import { Anchor, Button, Modal, notify, PasswordField, Stack, Text, TextInput } from '@psb/ui';
import { type FormEvent, useState } from 'react';
import { loginWithVoucher, registerWithVoucher } from './api';

export interface VoucherModalProps {
  opened: boolean;
  onClose: () => void;
  onLogin: () => void;
}

type Mode = 'register' | 'login';

/**
 * 'Daftar dengan Voucher': a parent without an account starts from the voucher code and a new password
 * (`user/token/register`); later they sign in with the code and that password (`public/login_token`).
 */
export function VoucherModal({ opened, onClose, onLogin }: VoucherModalProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('register');
  const [values, setValues] = useState({ token: '', name: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((er) => ({ ...er, [key]: '' }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!normalizeVoucher(values.token)) problems.token = 'Kode voucher wajib diisi.';
    if (values.password.length < 6) problems.password = 'Kata sandi minimal 6 karakter.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const token = normalizeVoucher(values.token);
      const response =
        mode === 'register'
          ? await registerWithVoucher({ token, name: values.name.trim(), password: values.password })
          : await loginWithVoucher({ token, password: values.password });
      useSession.getState().setUserSession(response);
      if (mode === 'register')
        notify.success('Akun berhasil dibuat. Simpan kode voucher dan kata sandi Anda.');
      navigate('/home');
    } catch (error) {
      setErrors(fieldErrors(error));
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'register' ? 'Daftar dengan Voucher' : 'Masuk dengan Voucher'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {mode === 'register'
              ? 'Belum punya akun? Gunakan kode voucher dari sekolah dan buat kata sandi. Kode voucher dan kata sandi ini menjadi data masuk Anda.'
              : 'Masuk dengan kode voucher dan kata sandi yang Anda buat saat mendaftar.'}
          </Text>
          <TextInput
            label="Kode Voucher"
            name="token"
            autoCapitalize="characters"
            autoComplete="off"
            data-autofocus
            value={values.token}
            onChange={set('token')}
            error={errors.token || undefined}
          />
          {mode === 'register' && (
            <TextInput
              label="Nama orang tua/wali"
              description="Opsional"
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
              error={errors.name || undefined}
            />
          )}
          <PasswordField
            label="Kata Sandi"
            name="password"
            autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
            value={values.password}
            onChange={set('password')}
            error={errors.password || undefined}
          />
          <Button type="submit" loading={busy} fullWidth>
            {mode === 'register' ? 'Daftar' : 'Masuk'}
          </Button>
          <Text size="sm" ta="center">
            {mode === 'register' ? 'Sudah mendaftar dengan voucher? ' : 'Belum punya akun voucher? '}
            <Anchor
              component="button"
              type="button"
              onClick={() => setMode(mode === 'register' ? 'login' : 'register')}
            >
              {mode === 'register' ? 'Masuk dengan voucher' : 'Daftar dengan voucher'}
            </Anchor>
          </Text>
          <Text size="sm" ta="center">
            Punya akun email/No. HP?{' '}
            <Anchor component="button" type="button" onClick={onLogin}>
              Masuk di sini
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
