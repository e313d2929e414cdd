import { errorMessage } from '@psb/api-client/http';
import { Button, Group, modals, notify, saveBlob, Text } from '@psb/ui';
import { IconPrinter, IconSend } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

export interface CardActionsProps {
  /** Small buttons for a table row; full ones (with icons) for a page header. */
  compact?: boolean;
  print: { label: string; ariaLabel?: string; pdf: () => Promise<Blob>; fileName: string };
  /** Null where the cards cannot be published (already out, or not allowed): `status` shows instead. */
  publish: {
    label: string;
    ariaLabel?: string;
    /** Who will be able to download their card, for the confirmation. */
    confirm: ReactNode;
    run: () => Promise<string>;
    onDone?: () => void;
  } | null;
  status?: ReactNode;
}

/** Test cards: print them as one PDF, or publish them to the parents after a confirmation. */
export function CardActions({ compact = false, print, publish, status }: CardActionsProps) {
  const [busy, setBusy] = useState<'print' | 'publish' | null>(null);
  const run = async (which: 'print' | 'publish', work: () => Promise<void>) => {
    setBusy(which);
    try {
      await work();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  const confirmPublish = (p: NonNullable<CardActionsProps['publish']>) =>
    modals.openConfirmModal({
      title: 'Terbitkan kartu tes?',
      children: <Text size="sm">{p.confirm}</Text>,
      labels: { confirm: 'Terbitkan', cancel: 'Batal' },
      onConfirm: () =>
        run('publish', async () => {
          notify.success(await p.run());
          p.onDone?.();
        }),
    });

  return (
    <Group gap={compact ? 4 : 'xs'} wrap={compact ? 'nowrap' : undefined}>
      <Button
        {...(compact
          ? { size: 'compact-xs', variant: 'subtle' }
          : { variant: 'default', leftSection: <IconPrinter size={16} aria-hidden /> })}
        loading={busy === 'print'}
        aria-label={print.ariaLabel}
        onClick={() => void run('print', async () => saveBlob(await print.pdf(), print.fileName))}
      >
        {print.label}
      </Button>
      {publish ? (
        <Button
          {...(compact
            ? { size: 'compact-xs', variant: 'light' }
            : { leftSection: <IconSend size={16} aria-hidden /> })}
          loading={busy === 'publish'}
          aria-label={publish.ariaLabel}
          onClick={() => confirmPublish(publish)}
        >
          {publish.label}
        </Button>
      ) : (
        status
      )}
    </Group>
  );
}
