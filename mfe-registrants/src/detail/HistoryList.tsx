import {
  type HistoryEntry,
  type RegistrantStatus,
  STATUS_LABELS,
  TRANSITION_RULES,
  type TransitionName,
} from '@psb/contracts/registrants-admin';
import { EmptyState, formatDateTime, Stack, Text } from '@psb/ui';
import { AnswerChanges } from './AnswerChanges';

const OTHER_ACTIONS: Record<string, string> = {
  archive: 'Diarsipkan',
  restore: 'Dipulihkan',
  delete: 'Diarsipkan',
  mutation: 'Pindah kelas',
  mutation_period: 'Pindah periode',
  withdraw: 'Dibatalkan orang tua',
  update_answers: 'Jawaban diubah staf',
};

const actionLabel = (a: string) => TRANSITION_RULES[a as TransitionName]?.label ?? OTHER_ACTIONS[a] ?? a;
const statusLabel = (s: string | null) => (s ? (STATUS_LABELS[s as RegistrantStatus] ?? s) : '');

/** Every change of the registrant in order: state changes (from → to, why) and the other audited changes. */
export function HistoryList({ history }: { history: HistoryEntry[] }) {
  // A state change writes both a history and an audit row; the history row says more.
  const shown = history.filter(
    (h) =>
      h.source === 'status' ||
      !history.some(
        (s) => s.source === 'status' && s.action === h.action && s.at.slice(0, 19) === h.at.slice(0, 19),
      ),
  );
  if (!shown.length)
    return (
      <EmptyState title="Belum ada riwayat" description="Perubahan status dan data akan tercatat di sini." />
    );
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="history">
      {shown.map((h, i) => (
        <li key={`${h.at}-${i}`}>
          <Text size="sm" fw={600}>
            {actionLabel(h.action)}
            {h.from_status && h.to_status && h.from_status !== h.to_status && (
              <Text span size="sm" fw={400}>
                {' '}
                · {statusLabel(h.from_status)} → {statusLabel(h.to_status)}
              </Text>
            )}
          </Text>
          <Text size="xs" c="gray.7">
            {formatDateTime(h.at)} · {h.user_name ?? 'Sistem'}
          </Text>
          {h.reason && <Text size="sm">Alasan: {h.reason}</Text>}
          {h.action === 'update_answers' && <AnswerChanges detail={h.detail} />}
        </li>
      ))}
    </Stack>
  );
}
