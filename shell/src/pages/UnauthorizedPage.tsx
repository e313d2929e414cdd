import { Link } from '@psb/router';
import { Button, Group, Stack, Text, Title } from '@psb/ui';

export function UnauthorizedPage() {
  return (
    <Stack align="center" gap="md" py={60} data-testid="unauthorized-page">
      <Title order={1} c="brand">
        401
      </Title>
      <Title order={2}>Tidak memiliki akses</Title>
      <Text c="dimmed" ta="center" maw={420}>
        Akun Anda tidak memiliki izin untuk membuka halaman ini.
      </Text>
      <Group>
        <Button component={Link} to="/">
          Kembali ke Beranda
        </Button>
        <Button component={Link} to="/admin" variant="default">
          Masuk sebagai Admin
        </Button>
      </Group>
    </Stack>
  );
}
