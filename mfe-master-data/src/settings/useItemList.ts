import type { ConfigListTable } from '@psb/contracts/content';
import { moveItem } from './ItemControls';
import { useDeleteItem } from './useDeleteItem';

/**
 * Editing an ordered list of a config in place (FAQ, guide): change one item, and the controls of one item —
 * move it among the items shown (`order`: their indices in the list, in the order shown), delete it on the
 * server when it is stored (with the delete permission), or drop it from the draft when it is new.
 */
export function useItemList<T extends { id?: number | undefined }>(
  table: ConfigListTable,
  list: readonly T[],
  set: (next: T[]) => void,
  stored: readonly T[],
  canDelete: boolean,
) {
  const remove = useDeleteItem(table);
  const storedIds = new Set(stored.map((x) => x.id));
  return {
    update: (i: number, patch: Partial<T>) => set(list.map((x, j) => (j === i ? { ...x, ...patch } : x))),
    controls: (i: number, order: readonly number[] = list.map((_, j) => j)) => {
      const n = order.indexOf(i);
      const item = list[i]!;
      const saved = item.id !== undefined && storedIds.has(item.id);
      return {
        onUp: n > 0 ? () => set(moveItem(list, i, order[n - 1]!)) : undefined,
        onDown: n < order.length - 1 ? () => set(moveItem(list, i, order[n + 1]!)) : undefined,
        onDelete: saved
          ? canDelete
            ? () => remove.mutate(item.id!)
            : undefined
          : () => set(list.filter((_, j) => j !== i)),
      };
    },
  };
}
