import { useSession } from '@psb/api-client/session';
import { Link } from '@psb/router';
import {
  Button,
  Card,
  EmptyState,
  Group,
  PageError,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@psb/ui';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { NotificationBell } from '../notifications/NotificationBell';
import { meQuery } from '../profile/api';
import { registrantsQuery } from '../registrant/api';
import { ParentNotices } from './ParentNotices';
import { RegistrantCard } from './RegistrantCard';

// The dialog (and its lookups) is fetched when first opened.
const AddRegistrantModal = lazy(() =>
  import('./AddRegistrantModal').then((m) => ({ default: m.AddRegistrantModal })),
);

/** The parent's home: greeting, their registrants (status, school, class, number, what is missing). */
export default function DashboardPage() {
  const sessionName = useSession((s) => s.user_name);
  const { data, isPending } = useQuery(meQuery());
  const registrants = useQuery(registrantsQuery());
  const [adding, setAdding] = useState(false);
  const [addLoaded, setAddLoaded] = useState(false);
  const name = data?.user.name || sessionName;
  const list = registrants.data ?? [];

  const openAdd = () => {
    setAddLoaded(true);
    setAdding(true);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap">
        {isPending && !name ? (
          <Skeleton height={36} width={280} />
        ) : (
          <Title order={2} data-testid="parent-greeting">
            Selamat datang{name ? `, ${name}` : ''}
          </Title>
        )}
        <NotificationBell />
      </Group>
      <ParentNotices />
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            Calon Murid
          </Title>
          <Group gap="xs">
            <Button
              variant="subtle"
              size="sm"
              component={Link}
              to="/schedule_period"
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
            >
              Jadwal Pendaftaran
            </Button>
            <Button size="sm" onClick={openAdd} leftSection={<IconPlus size={16} aria-hidden />}>
              Tambah Calon Murid
            </Button>
          </Group>
        </Group>
        {registrants.isPending ? (
          <Skeleton height={160} radius="md" />
        ) : registrants.isError ? (
          <PageError
            title="Data calon murid gagal dimuat"
            message="Periksa koneksi Anda lalu coba lagi."
            onRetry={() => void registrants.refetch()}
          />
        ) : list.length === 0 ? (
          <Card withBorder radius="md" padding="lg">
            <EmptyState
              title="Belum ada calon murid terdaftar"
              description={
                <>
                  Untuk mendaftarkan calon murid Anda memerlukan voucher pendaftaran dari sekolah. Tekan{' '}
                  <Text span fw={600} inherit>
                    Tambah Calon Murid
                  </Text>{' '}
                  lalu masukkan kode voucher.
                </>
              }
            />
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {list.map((r) => (
              <RegistrantCard key={r.id} r={r} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {addLoaded && (
        <Suspense fallback={null}>
          <AddRegistrantModal
            opened={adding}
            onClose={() => setAdding(false)}
            onCreated={() => setAdding(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
