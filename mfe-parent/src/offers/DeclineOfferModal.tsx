import { errorMessage } from '@psb/api-client/http';
import { DECLINE_REASONS, OFFER_MSG } from '@psb/contracts/offer-states';
import { Alert, Button, Group, Modal, notify, Select, Stack, Text, Textarea } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { declineOffer } from './api';

/** Declining the seat, with a reason from the list and a note; says plainly that it cannot be undone. */
export function DeclineOfferModal({
  registrantId,
  opened,
  onClose,
}: {
  registrantId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    if (!reason) return setProblem(OFFER_MSG.reasonRequired);
    setBusy(true);
    setProblem(null);
    try {
      const res = await declineOffer(registrantId, reason, note);
      notify.success(res.message);
      onClose();
      await queryClient.invalidateQueries();
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
      title="Tolak kursi?"
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          Kursi akan dilepas dan diberikan kepada calon murid berikutnya. Penolakan tidak dapat dibatalkan.
        </Text>
        <Select
          label="Alasan"
          placeholder="Pilih alasan"
          data={[...DECLINE_REASONS]}
          value={reason}
          onChange={setReason}
          required
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Keterangan (opsional)"
          maxLength={500}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Tidak
          </Button>
          <Button color="red" onClick={confirm} loading={busy}>
            Ya, Tolak Kursi
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
