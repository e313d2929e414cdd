import { ActionIcon, Group, modals, Text, Tooltip } from '@psb/ui';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';

export const moveItem = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

export interface ItemControlsProps {
  /** What the item is called in labels and the confirmation ("pertanyaan 2"). */
  name: string;
  onUp?: () => void;
  onDown?: () => void;
  onDelete?: () => void;
}

/** Move up / move down / delete (after a confirmation) for one item of an ordered list. */
export function ItemControls({ name, onUp, onDown, onDelete }: ItemControlsProps) {
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Hapus data',
      children: <Text size="sm">Hapus {name}? Tindakan ini tidak dapat dibatalkan.</Text>,
      labels: { confirm: 'Hapus', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: onDelete,
    });
  return (
    <Group gap={4}>
      <Tooltip label="Naikkan">
        <ActionIcon variant="default" aria-label={`Naikkan ${name}`} disabled={!onUp} onClick={onUp}>
          <IconArrowUp size={16} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Turunkan">
        <ActionIcon variant="default" aria-label={`Turunkan ${name}`} disabled={!onDown} onClick={onDown}>
          <IconArrowDown size={16} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      {onDelete && (
        <Tooltip label="Hapus">
          <ActionIcon variant="light" color="red" aria-label={`Hapus ${name}`} onClick={confirm}>
            <IconTrash size={16} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
