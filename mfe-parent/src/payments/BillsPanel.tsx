import { EmptyState, Skeleton, Stack, Title } from '@psb/ui';
import { LoadError } from '../common/LoadError';
import { BillCard } from './BillCard';
import { useLiveBills } from './useLiveBills';

/** The registrant's published bills, updated live while the page is open. */
export function BillsPanel({ registrantId }: { registrantId: number }) {
  const { data, isPending, isError, error, refetch } = useLiveBills(registrantId);
  return (
    <Stack gap="xs" data-testid="bills-panel">
      <Title order={3} size="h4">
        Pembayaran
      </Title>
      {isPending ? (
        <Skeleton height={120} radius="md" />
      ) : isError ? (
        <LoadError title="Tagihan gagal dimuat" error={error} onRetry={() => void refetch()} />
      ) : data.data.length === 0 ? (
        <EmptyState
          title="Belum ada tagihan"
          description="Tagihan akan muncul di sini setelah diterbitkan oleh sekolah."
        />
      ) : (
        data.data.map((b) => <BillCard key={b.id} bill={b} />)
      )}
    </Stack>
  );
}
