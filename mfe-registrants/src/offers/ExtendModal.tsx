import { errorMessage } from '@psb/api-client/http';
import { Alert, Button, Group, Modal, notify, Stack, Text, TextInput } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { extendOffers, offerKeys } from './api/offers';

/** Moves the deadline of the chosen open offers to the end (23.59 WIB) of a later day; the families are told. */
export function ExtendModal({
  offerIds,
  opened,
  onClose,
}: {
  offerIds: number[];
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [day, setDay] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    if (!day) return setProblem('Tanggal batas wajib diisi.');
    setBusy(true);
    setProblem(null);
    try {
      notify.success((await extendOffers(offerIds, day)).message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: offerKeys.all });
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      title="Perpanjang batas daftar ulang"
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          {offerIds.length} penawaran dipilih. Batas baru berlaku sampai pukul 23.59 WIB pada tanggal yang
          dipilih, dan keluarga diberi tahu.
        </Text>
        <TextInput
          type="date"
          label="Batas baru"
          value={day}
          onChange={(e) => setDay(e.currentTarget.value)}
          required
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Batal
          </Button>
          <Button onClick={save} loading={busy}>
            Perpanjang
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
