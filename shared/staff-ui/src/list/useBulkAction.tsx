import { errorMessage } from '@psb/api-client/http';
import { modals, notify, Text } from '@psb/ui';
import { type ReactNode, useState } from 'react';

/** One action on the selected rows, asked for and told the same way on every staff list. */
export interface BulkAction<R extends { message: string }> {
  title: string;
  /** What will happen, for the number of rows selected. */
  message: (count: number) => ReactNode;
  confirm?: string;
  /** A destructive action (archive): the confirm button is red. */
  danger?: boolean;
  run: (ids: number[]) => Promise<R>;
  /** An answer that reports rows it could not process is told as an error. */
  failed?: (result: R) => boolean;
  /** After the selection is cleared: read the list again, watch the job it started, … */
  after?: (result: R) => unknown;
}

/**
 * The selection of a staff list and its bulk actions: each asks first (with the count), then tells the
 * server's message, clears the selection and hands the answer on; a failure is told and keeps the selection.
 */
export function useBulkAction<Row extends { id: number }>() {
  const [selected, setSelected] = useState<Row[]>([]);
  const ask = <R extends { message: string }>(action: BulkAction<R>) =>
    modals.openConfirmModal({
      title: action.title,
      children: <Text size="sm">{action.message(selected.length)}</Text>,
      labels: { confirm: action.confirm ?? 'Ya, lanjutkan', cancel: 'Batal' },
      confirmProps: { color: action.danger ? 'red' : undefined },
      onConfirm: async () => {
        try {
          const result = await action.run(selected.map((r) => r.id));
          (action.failed?.(result) ? notify.error : notify.success)(result.message);
          setSelected([]);
          await action.after?.(result);
        } catch (error) {
          notify.error(errorMessage(error));
        }
      },
    });
  return { selected, setSelected, ask };
}
