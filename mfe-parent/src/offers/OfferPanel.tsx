import { errorMessage } from '@psb/api-client/http';
import { OFFER_STATE_COLORS, OFFER_STATE_LABELS, offerDeadlineText } from '@psb/contracts/offer-states';
import { Badge, Button, Card, Group, notify, Stack, saveBlob, Text, Title, useDisclosure } from '@psb/ui';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchAgreement, offerQuery } from './api';
import { DeclineOfferModal } from './DeclineOfferModal';
import { SignOfferModal } from './SignOfferModal';

/**
 * The seat offered to the registrant: its deadline and the two answers (accept by signing the agreement, or
 * decline), then the signed agreement to download; a reserve registrant sees their rank instead.
 */
export function OfferPanel({
  registrantId,
  registrationNumber,
}: {
  registrantId: number;
  registrationNumber: string | null;
}) {
  const query = useQuery(offerQuery(registrantId));
  const [signOpened, sign] = useDisclosure(false);
  const [declineOpened, decline] = useDisclosure(false);
  const download = useMutation({
    mutationFn: () => fetchAgreement(registrantId),
    onSuccess: (blob) => saveBlob(blob, `Perjanjian Daftar Ulang ${registrationNumber ?? registrantId}.pdf`),
    onError: (err) => notify.error(errorMessage(err)),
  });
  const data = query.data;
  if (!data) return null;
  const { offer, agreement, reserve } = data;

  if (!offer && reserve)
    return (
      <Card withBorder radius="md" padding="md" data-testid="reserve-rank">
        <Text fw={600}>Daftar cadangan: peringkat {reserve.rank}</Text>
        <Text size="sm">
          {reserve.held_by_open_offers} kursi masih menunggu jawaban keluarga lain. Anda akan langsung
          mendapat penawaran bila ada kursi yang dilepas.
        </Text>
      </Card>
    );
  if (!offer) return null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="offer-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h4">
            Penawaran Kursi
          </Title>
          <Badge color={OFFER_STATE_COLORS[offer.view_state]} size="lg" data-testid="offer-state">
            {OFFER_STATE_LABELS[offer.view_state]}
          </Badge>
        </Group>
        {offer.state === 'open' && (
          <>
            <Text fw={600} data-testid="offer-deadline">
              {offerDeadlineText(offer.deadline_at)}
            </Text>
            {offer.reserve_rank !== null && offer.reason && <Text size="sm">{offer.reason}</Text>}
            <Text size="sm">
              Terima kursi dengan menandatangani perjanjian daftar ulang, lalu bayar biaya daftar ulang.
            </Text>
            <Group gap="xs">
              <Button onClick={sign.open} disabled={!agreement}>
                Terima
              </Button>
              <Button variant="light" color="red" onClick={decline.open}>
                Tolak
              </Button>
            </Group>
            {agreement && (
              <SignOfferModal
                registrantId={registrantId}
                agreement={agreement}
                opened={signOpened}
                onClose={sign.close}
              />
            )}
            <DeclineOfferModal registrantId={registrantId} opened={declineOpened} onClose={decline.close} />
          </>
        )}
        {offer.state === 'accepted' && (
          <>
            {offer.view_state === 'accepted' && (
              <Text size="sm">
                Perjanjian sudah ditandatangani. Silakan lanjutkan pembayaran daftar ulang di bagian
                Pembayaran.
              </Text>
            )}
            <Group>
              <Button
                size="sm"
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={download.isPending}
                onClick={() => download.mutate()}
              >
                Unduh Perjanjian
              </Button>
            </Group>
          </>
        )}
        {offer.state === 'declined' && <Text size="sm">Kursi ini telah Anda tolak.</Text>}
        {offer.state === 'expired' && (
          <Text size="sm">Batas daftar ulang terlewati. Silakan hubungi sekolah bila ada pertanyaan.</Text>
        )}
      </Stack>
    </Card>
  );
}
