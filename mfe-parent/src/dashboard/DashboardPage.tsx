import { Button, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { meQuery, useSession } from '@psb/api-client';
import { EmptyState } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';

/** The parent's home: who is signed in and their registrants (none yet: vouchers come with a later issue). */
export default function DashboardPage() {
  const sessionName = useSession((s) => s.user_name);
  const { data, isPending } = useQuery(meQuery());
  const name = data?.user.name ?? sessionName;
  return (
    <Stack gap="lg">
      {isPending && !name ? (
        <Skeleton height={36} width={280} />
      ) : (
        <Title order={2} data-testid="parent-greeting">
          Selamat datang, {name}
        </Title>
      )}
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={4}>Calon Murid</Title>
          <Tooltip label="Voucher pendaftaran diberikan oleh sekolah">
            <span>
              <Button disabled>Tambah Calon Murid</Button>
            </span>
          </Tooltip>
        </Group>
        <EmptyState
          title="Belum ada calon murid terdaftar"
          description={
            <>
              Untuk mendaftarkan calon murid Anda memerlukan voucher pendaftaran dari sekolah. Setelah voucher
              diterima, tombol{' '}
              <Text span fw={600} inherit>
                Tambah Calon Murid
              </Text>{' '}
              dapat digunakan.
            </>
          }
        />
      </Card>
    </Stack>
  );
}
