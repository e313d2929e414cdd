import { Link, useSearchParams } from '@psb/router';
import { Button, Group, Stack, Text, Title } from '@psb/ui';
import { loginLinkFor } from './loginLink';

export function NotFoundPage() {
  const [params] = useSearchParams();
  const login = loginLinkFor(params.get('request_uri'));
  return (
    <Stack align="center" gap="md" py={60} data-testid="not-found-page">
      <Title order={1} c="brand">
        404
      </Title>
      <Title order={2}>{login ? 'Silakan masuk terlebih dahulu' : 'Halaman tidak ditemukan'}</Title>
      <Text c="dimmed" ta="center" maw={420}>
        {login
          ? 'Halaman ini hanya untuk pengguna yang sudah masuk. Setelah masuk, Anda kembali ke halaman ini.'
          : 'Halaman yang Anda cari tidak ada atau Anda perlu masuk terlebih dahulu.'}
      </Text>
      <Group>
        {login && (
          <Button component={Link} to={login}>
            Masuk
          </Button>
        )}
        <Button component={Link} to="/" variant={login ? 'default' : 'filled'}>
          Kembali ke Beranda
        </Button>
      </Group>
    </Stack>
  );
}
