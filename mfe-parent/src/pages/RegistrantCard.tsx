import { errorMessage } from '@psb/api-client/http';
import { useSession } from '@psb/api-client/session';
import type { MissingItem, RegistrantSummary, SubmissionReceipt } from '@psb/contracts/parent';
import { registrantTimeline } from '@psb/contracts/timeline';
import { useNavigate } from '@psb/router';
import { Alert, Button, Card, formatDateTime, Group, Modal, notify, Stack, Text, Title } from '@psb/ui';
import { IconChecklist, IconEye, IconSend, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { missingOf, registrantKeys, submitRegistrant } from '../common/api/registrant';
import { Notice } from '../common/Notice';
import { registrantStatusColor, StatusBadge } from '../common/StatusBadge';
import { ApplicationTimeline } from '../dashboard/ApplicationTimeline';
import { WithdrawModal } from '../dashboard/WithdrawModal';
import { GraduationPanel } from '../graduation/GraduationPanel';
import { OfferPanel } from '../offers/OfferPanel';
import { billKeys, billsQuery } from '../payments/api';
import { MissingList } from '../survey/MissingList';
import { TestSchedule } from '../tests/TestSchedule';

/** One registrant on the home page: who, where, status, what is missing, and its actions. */
export function RegistrantCard({ r }: { r: RegistrantSummary }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ message: string; missing: MissingItem[] } | null>(null);
  const [receipt, setReceipt] = useState<SubmissionReceipt | null>(null);

  const open = (path: string) => {
    useSession.getState().setRegistrantId(r.id);
    navigate(path);
  };

  const submit = async () => {
    setBusy(true);
    setRefused(null);
    try {
      const res = await submitRegistrant(r.id);
      setReceipt(res.receipt);
      notify.success(res.message);
      setConfirming(false);
      // The submission may have billed the form fee: a bill page read before it must not show "no bill".
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: registrantKeys.all }),
        queryClient.invalidateQueries({ queryKey: billKeys.of(r.id) }),
      ]);
    } catch (err) {
      setConfirming(false);
      const missing = await missingOf(err);
      if (missing.length) setRefused({ message: errorMessage(err), missing });
      else notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const missing = refused?.missing ?? r.missing;
  // The bills of a submitted registrant (the same query, cached, as its Pembayaran part): unpaid ones are
  // the next step while the school's part is still to come.
  const bills = useQuery({ ...billsQuery(r.id), enabled: r.is_submit });
  const unpaid_bills = (bills.data?.data ?? []).filter(
    (b) => b.state === 'published' || b.state === 'partially_paid',
  ).length;
  const timeline = registrantTimeline({ ...r, unpaid_bills });
  // Submit stays visible but disabled while the form is incomplete; the list says what is missing.
  const incomplete = r.missing_count > 0;
  const summaryId = `missing-${r.id}`;
  return (
    <Card withBorder radius="md" padding="md" data-testid="registrant-card" data-registrant-id={r.id}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {r.name ?? 'Calon murid baru'}
          </Title>
          <Group gap="xs" mt={4}>
            <Text size="sm" c="gray.7" ff="monospace" data-testid="registration-number">
              {r.registration_number}
            </Text>
            <StatusBadge color={registrantStatusColor(r)} data-testid="registrant-status">
              {r.status_label}
            </StatusBadge>
          </Group>
        </div>
        <Text size="sm">
          {r.school_name} · {r.mst_class_name} · {r.school_period_name}
        </Text>
        <ApplicationTimeline timeline={timeline} />
        {receipt && (
          <Alert color="green" title="Bukti pengiriman" data-testid="submission-receipt" role="status">
            <Text size="sm">
              Nomor bukti:{' '}
              <Text span ff="monospace" fw={600} data-testid="receipt-reference">
                {receipt.reference}
              </Text>
            </Text>
            <Text size="sm">Dikirim {formatDateTime(receipt.submitted_at)}.</Text>
            <Text size="sm">
              Salinan bukti ini juga dikirim ke WhatsApp atau email Anda. Simpan nomor bukti ini.
            </Text>
          </Alert>
        )}
        {r.is_submit && <TestSchedule registrantId={r.id} compact />}
        {r.is_verified && <GraduationPanel registrantId={r.id} registrationNumber={r.registration_number} />}
        {r.is_verified && <OfferPanel registrantId={r.id} registrationNumber={r.registration_number} />}
        {!r.is_submit &&
          (missing.length > 0 ? (
            <Notice
              color={refused ? 'red' : 'yellow'}
              p="sm"
              title={
                refused
                  ? refused.message.split('.')[0]
                  : `Masih ada ${missing.length} isian wajib yang belum diisi`
              }
              data-testid={refused ? 'submit-refused' : 'missing-summary'}
              id={summaryId}
            >
              <MissingList
                key={refused ? 'refused' : 'missing'}
                missing={missing}
                expanded={refused ? true : undefined}
              />
            </Notice>
          ) : (
            <Text size="sm" c="green.9" fw={600}>
              Semua isian wajib sudah lengkap. Periksa kembali, lalu tekan Submit.
            </Text>
          ))}
        <Group gap="xs">
          <Button
            size="sm"
            leftSection={<IconChecklist size={16} aria-hidden />}
            onClick={() => open('/registrant/survey')}
            variant={r.is_submit ? 'light' : 'filled'}
          >
            {r.locked ? 'Lihat Formulir' : 'Isi Formulir'}
          </Button>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconEye size={16} aria-hidden />}
            onClick={() => open('/registrant')}
          >
            Detail
          </Button>
          {!r.is_submit && (
            <Button
              size="sm"
              variant="outline"
              leftSection={<IconSend size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
              disabled={incomplete}
              aria-describedby={incomplete ? summaryId : undefined}
            >
              Submit
            </Button>
          )}
          {!r.is_verified && (
            <Button
              size="sm"
              variant="subtle"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={() => setWithdrawing(true)}
            >
              Batalkan Pendaftaran
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Kirim data calon murid?"
        centered
      >
        <Stack gap="sm">
          <Text>
            Setelah dikirim, formulir {r.name ?? 'calon murid'} dikunci dan tidak dapat diubah lagi kecuali
            dibuka kembali oleh admin sekolah.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Batal
            </Button>
            <Button onClick={submit} loading={busy}>
              Ya, Kirim
            </Button>
          </Group>
        </Stack>
      </Modal>
      <WithdrawModal r={r} opened={withdrawing} onClose={() => setWithdrawing(false)} />
    </Card>
  );
}
