import { Button, Group, Modal, Stack, Text, Textarea } from '@psb/ui';
import { useState } from 'react';

/**
 * Verifying was refused because required documents are not accepted: staff may still verify, with the
 * reason why (kept in the registrant's history and the audit log).
 */
export function VerifyOverrideModal({
  refusal,
  onClose,
  onOverride,
}: {
  refusal: string;
  onClose: () => void;
  onOverride: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal opened onClose={onClose} title="Dokumen wajib belum diterima" centered>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            await onOverride(reason.trim());
          } finally {
            setBusy(false);
          }
        }}
      >
        <Stack gap="sm">
          <Text size="sm" data-testid="verify-refusal">
            {refusal}
          </Text>
          <Textarea
            label="Alasan tetap memverifikasi"
            placeholder="Misalnya dokumen asli sudah diperiksa di sekolah"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="override-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" disabled={!reason.trim()} loading={busy}>
              Tetap Verifikasi
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
