import { errorMessage } from '@psb/api-client/http';
import { Alert, Button, Group, Modal, notify, Stack, Text } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { offerKeys, reissueOffers, remindOffers } from './api/offers';

/** The bulk actions that need a confirmation: what each does, told to staff before it happens. */
const ACTIONS = {
  reissue: {
    title: 'Terbitkan ulang penawaran?',
    text: (n: number) =>
      `${n} penawaran kedaluwarsa akan dibuka kembali dengan batas daftar ulang baru, kursinya diambil kembali, dan keluarga diberi tahu. Penawaran yang kursinya sudah diberikan kepada calon murid lain tidak dapat diterbitkan ulang.`,
    confirm: 'Ya, Terbitkan Ulang',
    run: reissueOffers,
  },
  remind: {
    title: 'Kirim pengingat?',
    text: (n: number) =>
      `${n} keluarga dengan penawaran yang menunggu jawaban akan menerima pengingat (paling banyak sekali sehari per penawaran).`,
    confirm: 'Ya, Kirim Pengingat',
    run: remindOffers,
  },
} as const;

export type OfferBulkAction = keyof typeof ACTIONS;

/** Confirms re-issuing expired offers or reminding the families of open ones, then runs it. */
export function ConfirmOffersModal({
  action,
  offerIds,
  onClose,
}: {
  action: OfferBulkAction | null;
  offerIds: number[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const a = action ? ACTIONS[action] : null;

  const close = () => {
    setProblem(null);
    onClose();
  };

  const run = async () => {
    if (!a) return;
    setBusy(true);
    setProblem(null);
    try {
      notify.success((await a.run(offerIds)).message);
      close();
      await queryClient.invalidateQueries({ queryKey: offerKeys.all });
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={a !== null}
      onClose={close}
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      title={a?.title}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{a?.text(offerIds.length)}</Text>
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Batal
          </Button>
          <Button onClick={run} loading={busy}>
            {a?.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
