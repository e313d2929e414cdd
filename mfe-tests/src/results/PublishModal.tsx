import { errorMessage } from '@psb/api-client/http';
import { resultStatusLabel } from '@psb/contracts/graduation';
import { Alert, Button, Group, Modal, notify, Select, Stack, Text, Textarea } from '@psb/ui';
import { useState } from 'react';
import { publishMany, publishOne, saveDraft, useStatuses } from './api/graduation';

interface Target {
  /** One registrant (with its saved draft), or many for the bulk job. */
  ids: number[];
  name?: string;
  draftStatusId?: number | null;
  draftNote?: string | null;
}

/**
 * Choose the result, then either keep it as a draft (one registrant) or publish it. Publishing asks once
 * more, because parents are told at once and a published result is not taken back.
 */
export function PublishModal({
  target,
  onClose,
  onDone,
}: {
  target: Target;
  onClose: () => void;
  onDone: () => void;
}) {
  const statuses = useStatuses();
  const [statusId, setStatusId] = useState<string | null>(
    target.draftStatusId ? String(target.draftStatusId) : null,
  );
  const [note, setNote] = useState(target.draftNote ?? '');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const single = target.ids.length === 1;
  const chosen = statuses.data?.find((s) => String(s.id) === statusId);

  const run = async (fn: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      const res = await fn();
      notify.success(single ? res.message : `${res.message} Pantau di menu Tugas Latar.`);
      onDone();
      onClose();
    } catch (err) {
      notify.error(errorMessage(err));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };
  const publish = () =>
    run(() =>
      single
        ? publishOne(target.ids[0]!, {
            mst_accepted_status_id: Number(statusId),
            ...(note.trim() ? { result_note: note.trim() } : {}),
          })
        : publishMany(target.ids, Number(statusId)),
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        single
          ? `Hasil seleksi ${target.name ?? ''}`.trim()
          : `Umumkan hasil ${target.ids.length} calon murid`
      }
    >
      <Stack gap="sm">
        <Select
          label="Status penerimaan"
          placeholder={statuses.isLoading ? 'Memuat…' : 'Pilih status'}
          data={(statuses.data ?? []).map((s) => ({
            value: String(s.id),
            label: resultStatusLabel(s.name, s.kind),
          }))}
          value={statusId}
          onChange={setStatusId}
          required
          data-testid="result-status"
        />
        {single && (
          <Textarea
            label="Catatan untuk orang tua (opsional)"
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        )}
        {confirming && chosen && (
          <Alert color="yellow" title="Umumkan sekarang?">
            <Text size="sm">
              {single ? 'Orang tua' : `Orang tua dari ${target.ids.length} calon murid`} akan langsung melihat
              hasil “{chosen.name}” dan menerima pemberitahuan. Hasil yang sudah diumumkan tidak dapat ditarik
              kembali.
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Batal
          </Button>
          {single && !confirming && (
            <Button
              variant="light"
              disabled={!statusId}
              loading={busy}
              onClick={() =>
                void run(() =>
                  saveDraft(target.ids[0]!, {
                    mst_accepted_status_id: Number(statusId),
                    ...(note.trim() ? { result_note: note.trim() } : {}),
                  }),
                )
              }
            >
              Simpan Draf
            </Button>
          )}
          {confirming ? (
            <Button color="green" loading={busy} onClick={() => void publish()}>
              Ya, Umumkan
            </Button>
          ) : (
            <Button disabled={!statusId} onClick={() => setConfirming(true)}>
              Umumkan
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
