import { errorMessage } from '@psb/api-client/http';
import { DELIVERY_STATUSES, type DeliveryLogRow } from '@psb/contracts/notifications';
import { Badge, EmptyState, formatDateTime, PageError, Skeleton, Table, Text } from '@psb/ui';
import { useDeliveryLog } from './api/notifications';

// Dot badges: the colour is the dot, the text stays dark (readable on striped rows too).
const COLORS = { pending: 'gray', sending: 'blue', sent: 'green', failed: 'red' } as const;
const CHANNELS = { email: 'E-mail', whatsapp: 'WhatsApp' } as const;

/** The outbox's latest messages (of one job, or all): status, attempts and the reason of a failure. */
export function DeliveryLog({ jobId, live }: { jobId: number | null; live: boolean }) {
  const log = useDeliveryLog(jobId, live);
  if (log.isPending) return <Skeleton height={120} />;
  if (log.isError) return <PageError message={errorMessage(log.error)} onRetry={() => void log.refetch()} />;
  if (log.data.length === 0) return <EmptyState title="Belum ada pesan terkirim" />;
  return (
    <Table striped withTableBorder data-testid="delivery-log">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Penerima</Table.Th>
          <Table.Th>Saluran</Table.Th>
          <Table.Th>Judul</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Percobaan</Table.Th>
          <Table.Th>Waktu</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {log.data.map((r: DeliveryLogRow) => (
          <Table.Tr key={r.id}>
            <Table.Td>
              <Text size="sm">{r.recipient}</Text>
              <Text size="xs" c="gray.7">
                {r.address}
              </Text>
            </Table.Td>
            <Table.Td>{CHANNELS[r.channel]}</Table.Td>
            <Table.Td>{r.subject}</Table.Td>
            <Table.Td>
              <Badge color={COLORS[r.status]} variant="dot" tt="none">
                {DELIVERY_STATUSES[r.status]}
              </Badge>
              {r.last_error && (
                <Text size="xs" c="red.9">
                  {r.last_error}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {r.attempts}
              {r.attempts > 1 && (
                <Text size="xs" c="gray.7">
                  dicoba ulang
                </Text>
              )}
            </Table.Td>
            <Table.Td>{formatDateTime(r.sent_at ?? r.created_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
