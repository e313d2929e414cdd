import { Badge, Group, Text } from '@psb/ui';
import type { SaveState } from './autosave';

const LOOK: Record<SaveState, { color: string; label: string; help?: string }> = {
  saved: { color: '#1f6f3a', label: 'Tersimpan' },
  saving: { color: '#495057', label: 'Menyimpan…' },
  pending: {
    color: '#7a4f00',
    label: 'Belum tersimpan',
    help: 'Dikirim saat pindah halaman.',
  },
  offline: {
    color: '#9c3d00',
    label: 'Belum tersimpan',
    help: 'Offline. Jawaban aman di perangkat ini.',
  },
  invalid: {
    color: '#b02a2a',
    label: 'Belum tersimpan',
    help: 'Perbaiki isian yang ditandai.',
  },
  locked: { color: '#495057', label: 'Formulir terkunci' },
};

/** The visible "tersimpan / belum tersimpan" state of the form's answers. */
export function SaveStatus({ state, compact = false }: { state: SaveState; compact?: boolean }) {
  const look = LOOK[state];
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-state={state}
    >
      <Badge color={look.color} variant="filled" radius="sm" tt="none" size="md" style={{ flexShrink: 0 }}>
        {look.label}
      </Badge>
      {!compact && look.help && (
        <Text size="xs" c="gray.7" lh={1.3}>
          {look.help}
        </Text>
      )}
    </Group>
  );
}
