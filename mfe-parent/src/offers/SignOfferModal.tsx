import { errorMessage } from '@psb/api-client/http';
import { OFFER_MSG } from '@psb/contracts/offer-states';
import { Alert, Button, Checkbox, Group, Modal, notify, ScrollArea, Stack, Text, TextInput } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { signOffer } from './api';

/**
 * Accepting the seat, in one screen a phone can hold: read the enrolment agreement, type the full name as
 * registered, tick the consent and sign. The re-registration bill can be paid only after this.
 */
export function SignOfferModal({
  registrantId,
  agreement,
  opened,
  onClose,
}: {
  registrantId: number;
  agreement: { title: string; text: string; parent_name: string };
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const sign = async () => {
    if (!consent) return setProblem(OFFER_MSG.consentRequired);
    if (!name.trim()) return setProblem('Nama lengkap wajib diisi.');
    setBusy(true);
    setProblem(null);
    try {
      const res = await signOffer(registrantId, name);
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
      title="Terima kursi dan tanda tangani perjanjian"
      centered
      size="lg"
    >
      <Stack gap="sm">
        <Text fw={700}>{agreement.title}</Text>
        <ScrollArea.Autosize mah={260} type="auto" data-testid="agreement-text">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {agreement.text}
          </Text>
        </ScrollArea.Autosize>
        <TextInput
          label="Nama lengkap orang tua/wali"
          description={`Ketik persis seperti nama akun: ${agreement.parent_name}`}
          descriptionProps={{ c: 'gray.8' }}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={150}
          required
        />
        <Checkbox
          label="Saya telah membaca dan menyetujui perjanjian daftar ulang ini."
          checked={consent}
          onChange={(e) => setConsent(e.currentTarget.checked)}
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
          <Button onClick={sign} loading={busy}>
            Tanda Tangani
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
