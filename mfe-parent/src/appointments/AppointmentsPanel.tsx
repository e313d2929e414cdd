import { errorMessage } from '@psb/api-client/http';
import {
  APPOINTMENT_KIND_LABELS,
  APPOINTMENT_KINDS,
  type AppointmentBooking,
  type AppointmentKind,
  type AppointmentSlot,
} from '@psb/contracts/tests';
import {
  Alert,
  Anchor,
  Button,
  Card,
  formatDateTime,
  Group,
  Modal,
  notify,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@psb/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../common/LoadError';
import { appointmentKeys, appointmentsQuery, bookSlot, cancelBooking, moveToSlot } from './api';
import { SlotText } from './SlotText';

type Busy = { slot?: number; cancel?: AppointmentKind } | null;

/**
 * The registrant's interview and observation appointments: the booked slot of each kind (move until the
 * cut-off, cancel after confirming), and the open slots with places to book. Nothing is shown while the
 * school has published no slot for the registrant's period.
 */
export function AppointmentsPanel({ registrantId }: { registrantId: number }) {
  const queryClient = useQueryClient();
  const { data, isPending, isError, error, refetch } = useQuery(appointmentsQuery(registrantId));
  const [moving, setMoving] = useState<AppointmentKind | null>(null);
  const [cancelling, setCancelling] = useState<AppointmentBooking | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (what: Busy, call: () => Promise<{ message: string }>) => {
    setBusy(what);
    setProblem(null);
    try {
      const res = await call();
      notify.success(res.message);
      setMoving(null);
      setCancelling(null);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.of(registrantId) });
    }
  };

  if (isPending) return <Skeleton height={80} radius="md" />;
  if (isError)
    return <LoadError title="Jadwal wawancara gagal dimuat" error={error} onRetry={() => void refetch()} />;
  const kinds = APPOINTMENT_KINDS.filter(
    (k) => data.bookings.some((b) => b.kind === k) || data.slots.some((s) => s.kind === k),
  );
  if (kinds.length === 0) return null;

  const slotRow = (s: AppointmentSlot, move: boolean) => (
    <Card withBorder padding="sm" radius="md" key={s.id} data-testid="appointment-slot">
      <Group justify="space-between" align="center" gap="xs">
        <div>
          <SlotText s={s} />
          <Text size="xs" c="gray.7">
            Sisa {s.capacity - s.booked} tempat
          </Text>
        </div>
        <Button
          size="sm"
          loading={busy?.slot === s.id}
          disabled={busy !== null && busy.slot !== s.id}
          onClick={() =>
            void run({ slot: s.id }, () =>
              move ? moveToSlot(registrantId, s.id) : bookSlot(registrantId, s.id),
            )
          }
        >
          {move ? 'Pindah ke sini' : 'Pesan'}
        </Button>
      </Group>
    </Card>
  );

  return (
    <Stack gap="xs" data-testid="appointments">
      <Title order={3} size="h4">
        Jadwal Wawancara/Observasi
      </Title>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {kinds.map((kind) => {
        const label = APPOINTMENT_KIND_LABELS[kind];
        const booked = data.bookings.find((b) => b.kind === kind);
        const open = data.slots.filter((s) => s.kind === kind);
        return (
          <Stack gap={6} key={kind}>
            <Text fw={600}>{label}</Text>
            {booked ? (
              <Card withBorder padding="sm" radius="md" data-testid="appointment-booking">
                <Stack gap={4}>
                  <Text size="xs" fw={700}>
                    Jadwal Anda
                  </Text>
                  <SlotText s={booked.slot} />
                  {booked.slot.video_link && (
                    <Anchor href={booked.slot.video_link} target="_blank" rel="noreferrer" size="sm">
                      Buka tautan video
                    </Anchor>
                  )}
                  {booked.can_change ? (
                    <>
                      <Text size="xs" c="gray.7">
                        Dapat dipindah atau dibatalkan sampai {formatDateTime(booked.change_until)}.
                      </Text>
                      <Group gap="xs">
                        <Button
                          size="sm"
                          variant="light"
                          onClick={() => setMoving(moving === kind ? null : kind)}
                          disabled={open.length === 0}
                        >
                          {moving === kind ? 'Batal pindah' : 'Pindah jadwal'}
                        </Button>
                        <Button size="sm" variant="default" color="red" onClick={() => setCancelling(booked)}>
                          Batalkan
                        </Button>
                      </Group>
                      {open.length === 0 && (
                        <Text size="xs" c="gray.7">
                          Belum ada slot lain yang masih tersedia.
                        </Text>
                      )}
                    </>
                  ) : (
                    <Text size="xs" c="gray.7">
                      Batas waktu pindah atau batal sudah lewat. Hubungi sekolah bila berhalangan.
                    </Text>
                  )}
                </Stack>
              </Card>
            ) : open.length === 0 ? (
              <Text size="sm" c="gray.7">
                Semua slot {label.toLowerCase()} sudah penuh atau belum dibuka.
              </Text>
            ) : (
              <Text size="sm">Pilih salah satu slot {label.toLowerCase()} berikut.</Text>
            )}
            {(!booked || moving === kind) && open.map((s) => slotRow(s, !!booked))}
          </Stack>
        );
      })}
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title="Batalkan jadwal?"
        centered
      >
        {cancelling && (
          <Stack gap="sm">
            <Text>
              Jadwal {APPOINTMENT_KIND_LABELS[cancelling.kind].toLowerCase()} berikut dibatalkan dan tempatnya
              dilepas untuk orang tua lain:
            </Text>
            <SlotText s={cancelling.slot} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCancelling(null)}>
                Tidak
              </Button>
              <Button
                color="red"
                loading={busy?.cancel === cancelling.kind}
                onClick={() =>
                  void run({ cancel: cancelling.kind }, () => cancelBooking(registrantId, cancelling.kind))
                }
              >
                Ya, Batalkan
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
