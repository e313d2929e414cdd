import { errorMessage } from '@psb/api-client/http';
import { useModuleActions } from '@psb/resource-ui';
import { Badge, Button, formatDate, Group, modals, notify, saveBlob, Text } from '@psb/ui';
import { useState } from 'react';
import { fetchRegistrantCard, publishRegistrantCard } from './api';

interface Props {
  registrantId: number;
  /** Name or registration number, for labels and the confirmation. */
  label: string;
  registrationNumber: string;
  /** When the card was published (null while it is not); the list refreshes after publishing. */
  publishedAt: string | null;
  onPublished: () => void;
}

/**
 * One seated registrant's test card on the schedule lists: print it (Kartu Tes read) and publish it to the
 * parent (Kartu Tes update, after a confirmation). A published card shows when it went out.
 */
export function RegistrantCardActions({
  registrantId,
  label,
  registrationNumber,
  publishedAt,
  onPublished,
}: Props) {
  const can = useModuleActions('Kartu Tes');
  const [busy, setBusy] = useState<'print' | 'publish' | null>(null);
  if (!can.read) return null;

  const print = async () => {
    setBusy('print');
    try {
      saveBlob(await fetchRegistrantCard(registrantId), `Kartu Tes ${registrationNumber}.pdf`);
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
          Orang tua <strong>{label}</strong> akan dapat mengunduh kartu tesnya.
        </Text>
      ),
      labels: { confirm: 'Terbitkan', cancel: 'Batal' },
      onConfirm: async () => {
        setBusy('publish');
        try {
          notify.success(await publishRegistrantCard(registrantId));
          onPublished();
        } catch (err) {
          notify.error(errorMessage(err));
        } finally {
          setBusy(null);
        }
      },
    });

  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-xs"
        variant="subtle"
        loading={busy === 'print'}
        aria-label={`Cetak kartu tes ${label}`}
        onClick={() => void print()}
      >
        Cetak Kartu
      </Button>
      {publishedAt ? (
        <Badge color="green" variant="light" title={`Kartu tes terbit ${formatDate(publishedAt)}`}>
          Kartu terbit
        </Badge>
      ) : can.update ? (
        <Button
          size="compact-xs"
          variant="light"
          loading={busy === 'publish'}
          aria-label={`Terbitkan kartu tes ${label}`}
          onClick={publish}
        >
          Terbitkan Kartu
        </Button>
      ) : (
        <Badge color="gray" variant="light">
          Belum terbit
        </Badge>
      )}
    </Group>
  );
}
