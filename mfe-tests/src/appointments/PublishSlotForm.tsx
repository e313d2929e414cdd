import { errorMessage } from '@psb/api-client/http';
import { APPOINTMENT_KIND_LABELS, APPOINTMENT_KINDS, type AppointmentKind } from '@psb/contracts/tests';
import { RelationPicker } from '@psb/resource-ui';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  notify,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
} from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { publishSlot, slotKeys } from './api/slots';

/** A WIB date and time as an instant the api reads (`+07:00`, whatever the browser's zone). */
const wib = (date: string, time: string) => `${date}T${time}:00+07:00`;

interface Draft {
  kind: AppointmentKind;
  slot_date: string;
  start_time: string;
  end_time: string;
  mst_room_id: string | null;
  video_link: string;
  interviewer: string;
  capacity: number | string;
  opens: string;
  closes: string;
  change_cutoff_hours: number | string;
}

const EMPTY: Draft = {
  kind: 'wawancara',
  slot_date: '',
  start_time: '08:00',
  end_time: '08:30',
  mst_room_id: null,
  video_link: '',
  interviewer: '',
  capacity: 1,
  opens: '',
  closes: '',
  change_cutoff_hours: 24,
};

/**
 * Publishes one slot of the chosen period: when (WIB), where (a room, a video link, or both), who interviews,
 * how many places, and the booking window (opening at 00.00 WIB of its first day, closing at 23.59 WIB of its
 * last). The server checks everything again and its message is shown as is.
 */
export function PublishSlotForm({ periodId }: { periodId: number }) {
  const client = useQueryClient();
  const [d, setD] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setD((old) => ({ ...old, ...patch }));

  const submit = async () => {
    setProblem(null);
    if (!d.slot_date || !d.opens || !d.closes) {
      setProblem('Isi tanggal slot serta tanggal buka dan tutup pemesanan.');
      return;
    }
    setBusy(true);
    try {
      const res = await publishSlot({
        school_period_id: periodId,
        kind: d.kind,
        slot_date: d.slot_date,
        start_time: d.start_time,
        end_time: d.end_time,
        mst_room_id: d.mst_room_id ? Number(d.mst_room_id) : null,
        video_link: d.video_link.trim() || null,
        interviewer: d.interviewer,
        capacity: Number(d.capacity),
        booking_opens_at: wib(d.opens, '00:00'),
        booking_closes_at: wib(d.closes, '23:59'),
        change_cutoff_hours: Number(d.change_cutoff_hours),
      });
      notify.success(res.message);
      set({ interviewer: d.interviewer });
      await client.invalidateQueries({ queryKey: slotKeys.all });
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="publish-slot">
      <SegmentedControl
        aria-label="Jenis jadwal"
        value={d.kind}
        onChange={(v) => set({ kind: v as AppointmentKind })}
        data={APPOINTMENT_KINDS.map((k) => ({ value: k, label: APPOINTMENT_KIND_LABELS[k] }))}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Tanggal"
          type="date"
          required
          value={d.slot_date}
          onChange={(e) => set({ slot_date: e.currentTarget.value })}
        />
        <TextInput
          label="Jam mulai (WIB)"
          type="time"
          required
          value={d.start_time}
          onChange={(e) => set({ start_time: e.currentTarget.value })}
        />
        <TextInput
          label="Jam selesai (WIB)"
          type="time"
          required
          value={d.end_time}
          onChange={(e) => set({ end_time: e.currentTarget.value })}
        />
        <RelationPicker
          resource="mst_room"
          label="Ruangan"
          value={d.mst_room_id}
          onChange={(v) => set({ mst_room_id: v })}
        />
        <TextInput
          label="Tautan video"
          placeholder="https://…"
          value={d.video_link}
          onChange={(e) => set({ video_link: e.currentTarget.value })}
        />
        <TextInput
          label="Pewawancara"
          required
          value={d.interviewer}
          onChange={(e) => set({ interviewer: e.currentTarget.value })}
        />
        <NumberInput
          label="Kapasitas"
          required
          min={1}
          max={1000}
          value={d.capacity}
          onChange={(v) => set({ capacity: v })}
        />
        <TextInput
          label="Pemesanan dibuka"
          type="date"
          required
          value={d.opens}
          onChange={(e) => set({ opens: e.currentTarget.value })}
        />
        <TextInput
          label="Pemesanan ditutup"
          type="date"
          required
          value={d.closes}
          onChange={(e) => set({ closes: e.currentTarget.value })}
        />
        <NumberInput
          label="Batas pindah/batal (jam sebelum mulai)"
          min={0}
          max={720}
          value={d.change_cutoff_hours}
          onChange={(v) => set({ change_cutoff_hours: v })}
        />
      </SimpleGrid>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={busy}>
          Terbitkan Slot
        </Button>
      </Group>
    </Stack>
  );
}
