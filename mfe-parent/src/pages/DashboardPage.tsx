import { useSession } from '@psb/api-client/session';
import { Link } from '@psb/router';
import { Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@psb/ui';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { registrantsQuery } from '../common/api/registrant';
import { LoadError } from '../common/LoadError';
import { noticesQuery } from '../dashboard/api';
import { ParentNotices } from '../dashboard/ParentNotices';
import { NotificationBell } from '../notifications/NotificationBell';
import { ConsentGate } from '../privacy/ConsentGate';
import { meQuery } from '../profile/api';
import { myPurchasesQuery, purchaseKeys } from '../vouchers/api';
import { BuyVoucherCard } from '../vouchers/BuyVoucherCard';
import { RegistrantCard } from './RegistrantCard';

// The dialogs (and their lookups) are fetched when first opened.
const AddRegistrantModal = lazy(() =>
  import('../dashboard/AddRegistrantModal').then((m) => ({ default: m.AddRegistrantModal })),
);
const BuyVoucherModal = lazy(() =>
  import('../vouchers/BuyVoucherModal').then((m) => ({ default: m.BuyVoucherModal })),
);

/** The parent's home: greeting, their registrants (status, school, class, number, what is missing). */
export default function DashboardPage() {
  const sessionName = useSession((s) => s.user_name);
  const { data, isPending } = useQuery(meQuery());
  const registrants = useQuery(registrantsQuery());
  // The notices, the voucher card and the registrants appear together once all three have answered: one at
  // a time, each would push the others down the screen while the parent is reading or about to tap.
  const notices = useQuery(noticesQuery());
  const purchases = useQuery(myPurchasesQuery());
  const settled = !registrants.isPending && !notices.isPending && !purchases.isPending;
  // The cards are the page's largest render. An answer arriving re-renders at once (the query store is read
  // synchronously); deferred, the cards are drawn in a background render that React splits into slices, so a
  // phone is not blocked for the whole drawing.
  const settling = !useDeferredValue(settled);
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [addLoaded, setAddLoaded] = useState(false);
  const [addToken, setAddToken] = useState<string | undefined>(undefined);
  // null: the buy form; a number: that purchase (its payment number or codes); undefined: closed.
  const [buying, setBuying] = useState<number | null | undefined>(undefined);
  const [buyLoaded, setBuyLoaded] = useState(false);
  const name = data?.user.name || sessionName;
  const list = registrants.data ?? [];

  const openAdd = (token?: string) => {
    setAddToken(token);
    setAddLoaded(true);
    setAdding(true);
  };
  const openBuy = (purchaseId: number | null) => {
    setBuyLoaded(true);
    setBuying(purchaseId);
  };

  return (
    <Stack gap="lg">
      <ConsentGate />
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
      {settling ? (
        <Stack gap="lg" aria-busy="true" aria-label="Memuat beranda">
          <Skeleton height={88} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      ) : (
        <>
          <ParentNotices />
          <BuyVoucherCard onBuy={() => openBuy(null)} onOpen={openBuy} />
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
                <Button size="sm" onClick={() => openAdd()} leftSection={<IconPlus size={16} aria-hidden />}>
                  Tambah Calon Murid
                </Button>
              </Group>
            </Group>
            {registrants.isError ? (
              <LoadError
                title="Data calon murid gagal dimuat"
                error={registrants.error}
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
        </>
      )}
      {addLoaded && (
        <Suspense fallback={null}>
          <AddRegistrantModal
            opened={adding}
            onClose={() => setAdding(false)}
            onCreated={() => {
              setAdding(false);
              // A bought voucher may have just been used.
              void queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
            }}
            initialToken={addToken}
          />
        </Suspense>
      )}
      {buyLoaded && (
        <Suspense fallback={null}>
          <BuyVoucherModal
            opened={buying !== undefined}
            purchaseId={buying ?? null}
            onClose={() => setBuying(undefined)}
            onUse={(code) => {
              setBuying(undefined);
              openAdd(code);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
