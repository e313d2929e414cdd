import { errorMessage } from '@psb/api-client/http';
import { Button, Group, modals, notify, saveBlob, Text } from '@psb/ui';
import { IconPrinter, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchSessionCards, publishSessionCards } from './api';

/** A session's test cards: print them all in one PDF, or publish them so parents can download theirs. */
export function SessionCardActions({ sessionId, sessionName }: { sessionId: number; sessionName: string }) {
  const [busy, setBusy] = useState<'print' | 'publish' | null>(null);

  const print = async () => {
    setBusy('print');
    try {
      saveBlob(await fetchSessionCards(sessionId), `Kartu Tes ${sessionName}.pdf`);
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const publish = () =>
    modals.openConfirmModal({
      title: 'Terbitkan kartu tes?',
      children: (
        <Text size="sm">
          Orang tua semua peserta sesi <strong>{sessionName}</strong> akan dapat mengunduh kartu tesnya.
        </Text>
      ),
      labels: { confirm: 'Terbitkan', cancel: 'Batal' },
      onConfirm: async () => {
        setBusy('publish');
        try {
          notify.success(await publishSessionCards(sessionId));
        } catch (err) {
          notify.error(errorMessage(err));
        } finally {
          setBusy(null);
        }
      },
    });

  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        loading={busy === 'print'}
        onClick={() => void print()}
      >
        Cetak Kartu Tes Sesi
      </Button>
      <Button leftSection={<IconSend size={16} aria-hidden />} loading={busy === 'publish'} onClick={publish}>
        Terbitkan Kartu Tes
      </Button>
    </Group>
  );
}
