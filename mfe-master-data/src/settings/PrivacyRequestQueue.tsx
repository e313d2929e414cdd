import { errorMessage } from '@psb/api-client/http';
import {
  deadlineText,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
  type StaffPrivacyRequest,
} from '@psb/contracts/privacy';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  formatDateTime,
  Group,
  Modal,
  modals,
  notify,
  PageError,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
} from '@psb/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  privacyRequestsKey,
  privacyRequestsQuery,
  type Resolution,
  resolvePrivacyRequest,
} from './api/privacy-requests';

const STATUS_COLORS = { open: 'yellow', done: 'green', refused: 'gray' } as const;

function What({ q }: { q: StaffPrivacyRequest }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {PRIVACY_REQUEST_KIND_LABELS[q.kind]}
      </Text>
      {q.kind === 'correction' && (
        <Text size="sm">
          {q.registrant_name} ({q.registration_number}) — {q.question ?? `Pertanyaan ${q.question_no}`}:{' '}
          <strong>{q.requested_value}</strong>
        </Text>
      )}
      {q.note && (
        <Text size="sm" c="gray.7">
          Catatan orang tua: {q.note}
        </Text>
      )}
      {q.keep_reasons.length > 0 && (
        <Alert color="orange" p="xs">
          <Text size="sm">Data wajib disimpan: {q.keep_reasons.join(' ')}</Text>
        </Alert>
      )}
      {q.reason && (
        <Text size="sm" c="gray.7">
          Alasan penolakan: {q.reason}
        </Text>
      )}
    </Stack>
  );
}

function Deadline({ q }: { q: StaffPrivacyRequest }) {
  if (q.status !== 'open')
    return (
      <Text size="sm">
        Dijawab {q.resolved_at ? formatDateTime(q.resolved_at) : ''}
        {q.resolved_by_name ? ` oleh ${q.resolved_by_name}` : ''}
      </Text>
    );
  const clock = deadlineText(q.due_at);
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDateTime(q.due_at)}</Text>
      <Text size="sm" fw={600} c={clock.overdue ? 'red.9' : undefined}>
        {clock.text}
      </Text>
    </Stack>
  );
}

/**
 * Parents' requests about their data, the soonest due first, with the 3×24 hour clock. Carrying out asks
 * first (it changes the child's answer, or accepts the deletion); refusing asks for the reason the parent reads.
 */
export function PrivacyRequestQueue({ canAnswer }: { canAnswer: boolean }) {
  const queryClient = useQueryClient();
  const requests = useQuery(privacyRequestsQuery(true));
  const [refusing, setRefusing] = useState<StaffPrivacyRequest | null>(null);
  const [reason, setReason] = useState('');
  const answer = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Resolution }) => resolvePrivacyRequest(id, body),
    onSuccess: (res) => {
      notify.success(res.message);
      setRefusing(null);
      setReason('');
      return queryClient.invalidateQueries({ queryKey: privacyRequestsKey });
    },
    onError: (err) => notify.error(errorMessage(err)),
  });
  const carryOut = (q: StaffPrivacyRequest) =>
    modals.openConfirmModal({
      title: q.kind === 'correction' ? 'Perbaiki data ini?' : 'Setujui penghapusan akun?',
      children: (
        <Text size="sm">
          {q.kind === 'correction'
            ? `Jawaban "${q.question}" milik ${q.registrant_name} diganti menjadi "${q.requested_value}". Perubahan tercatat di riwayat.`
            : q.keep_reasons.length
              ? 'Data ini masih wajib disimpan, sehingga permintaan ditolak dengan alasan tersebut.'
              : `Akun ${q.parent_name} dan data anak-anaknya dihapus oleh pembersihan terjadwal.`}
        </Text>
      ),
      labels: { confirm: 'Laksanakan', cancel: 'Batal' },
      confirmProps: { color: q.kind === 'deletion' ? 'red' : undefined },
      onConfirm: () => answer.mutate({ id: q.id, body: { action: 'carry_out' } }),
    });

  if (requests.isPending) return <Skeleton h={200} />;
  if (requests.isError)
    return <PageError message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />;
  if (requests.data.length === 0)
    return (
      <EmptyState
        title="Belum ada permintaan"
        description="Permintaan perbaikan atau penghapusan data dari orang tua muncul di sini."
      />
    );
  return (
    <>
      <Table striped withTableBorder data-testid="privacy-requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Diajukan</Table.Th>
            <Table.Th>Orang tua</Table.Th>
            <Table.Th>Permintaan</Table.Th>
            <Table.Th>Batas jawab (3×24 jam)</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Aksi</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.data.map((q) => (
            <Table.Tr key={q.id}>
              <Table.Td>{formatDateTime(q.created_at)}</Table.Td>
              <Table.Td>{q.parent_name}</Table.Td>
              <Table.Td>
                <What q={q} />
              </Table.Td>
              <Table.Td>
                <Deadline q={q} />
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[q.status]}>{PRIVACY_REQUEST_STATUS_LABELS[q.status]}</Badge>
              </Table.Td>
              <Table.Td>
                {q.status === 'open' && canAnswer ? (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" onClick={() => carryOut(q)} loading={answer.isPending}>
                      Laksanakan
                    </Button>
                    <Button size="xs" variant="light" color="gray" onClick={() => setRefusing(q)}>
                      Tolak
                    </Button>
                  </Group>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={refusing !== null} onClose={() => setRefusing(null)} title="Tolak permintaan">
        <Stack gap="sm">
          <Textarea
            label="Alasan penolakan (dibaca orang tua)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRefusing(null)}>
              Batal
            </Button>
            <Button
              color="red"
              loading={answer.isPending}
              disabled={!reason.trim()}
              onClick={() =>
                refusing &&
                answer.mutate({ id: refusing.id, body: { action: 'refuse', reason: reason.trim() } })
              }
            >
              Tolak permintaan
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
