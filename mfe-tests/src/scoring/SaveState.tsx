import { Badge, Group, Text } from '@psb/ui';
import type { useScoreSaver } from './useScoreSaver';

/** One line saying whether everything typed is on the server, and what is not. */
export function SaveState({ counts }: { counts: ReturnType<typeof useScoreSaver>['counts'] }) {
  const { unsaved, invalid, failed } = counts;
  return (
    <Group gap="xs" role="status" aria-live="polite" data-testid="score-save-state">
      {unsaved + invalid + failed === 0 && <Badge color="green">Semua nilai tersimpan</Badge>}
      {unsaved > 0 && <Badge color="yellow">{unsaved} nilai belum tersimpan</Badge>}
      {invalid > 0 && <Badge color="red">{invalid} nilai tidak valid</Badge>}
      {failed > 0 && <Badge color="red">{failed} nilai gagal disimpan, dicoba lagi otomatis</Badge>}
      <Text size="xs" c="dimmed">
        Sel kuning belum tersimpan, sel merah perlu diperbaiki (arahkan kursor untuk melihat pesannya).
      </Text>
    </Group>
  );
}
