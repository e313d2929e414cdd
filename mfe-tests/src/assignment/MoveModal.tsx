import { errorMessage } from '@psb/api-client/http';
import type { SessionSeats } from '@psb/contracts/tests';
import {
  Button,
  Checkbox,
  formatDate,
  formatTimeRange,
  Group,
  Modal,
  notify,
  Select,
  Stack,
  Text,
} from '@psb/ui';
import { useState } from 'react';
import { assignSeats } from './api/seats';

/** Places the chosen registrants in one session by hand (moving those seated elsewhere), all or none. */
export function MoveModal({
  registrantIds,
  sessions,
  onClose,
  onDone,
}: {
  registrantIds: number[];
  sessions: SessionSeats[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [notifyParents, setNotifyParents] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (!sessionId) {
      setError('Pilih sesi tes.');
      return;
    }
    setSaving(true);
    try {
      const res = await assignSeats({
        registrant_ids: registrantIds,
        mst_test_detail_id: Number(sessionId),
        send_notification: notifyParents,
      });
      notify.success(res.message);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Tempatkan di Sesi" size="md">
      <Stack gap="sm">
        <Text size="sm">
          {registrantIds.length} calon murid akan ditempatkan di sesi yang dipilih. Yang sudah terjadwal di
          sesi lain dipindahkan dan kursinya dibebaskan.
        </Text>
        <Select
          label="Sesi Tes"
          required
          data={sessions
            .filter((s) => s.is_active)
            .map((s) => ({
              value: String(s.id),
              label: `${s.name} — ${formatDate(s.test_date)} ${formatTimeRange(s.start_time, null)}, ${s.room_name} (${s.free} kosong)`,
            }))}
          value={sessionId}
          onChange={(v) => {
            setSessionId(v);
            setError(null);
          }}
          error={error}
        />
        <Checkbox
          label="Kirim jadwal kepada orang tua"
          checked={notifyParents}
          onChange={(e) => setNotifyParents(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Batal
          </Button>
          <Button onClick={save} loading={saving}>
            Tempatkan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
