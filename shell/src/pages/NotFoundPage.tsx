import { Link } from '@psb/router';
import { Button, Stack, Text, Title } from '@psb/ui';

export function NotFoundPage() {
  return (
    <Stack align="center" gap="md" py={60} data-testid="not-found-page">
      <Title order={1} c="brand">
        404
      </Title>
      <Title order={2}>Halaman tidak ditemukan</Title>
      <Text c="dimmed" ta="center" maw={420}>
        Halaman yang Anda cari tidak ada atau Anda perlu masuk terlebih dahulu.
      </Text>
      <Button component={Link} to="/">
        Kembali ke Beranda
      </Button>
    </Stack>
  );
}
