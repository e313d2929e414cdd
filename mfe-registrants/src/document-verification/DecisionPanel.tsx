import { errorMessage } from '@psb/api-client/http';
import { DOCUMENT_MSG } from '@psb/contracts/registrants-admin';
import { Button, Group, Kbd, notify, Select, Stack, Textarea } from '@psb/ui';
import { IconArrowRight, IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { acceptDocument, rejectDocument, rejectReasonsQuery } from './api/documents';

export interface DecisionTarget {
  registrantId: number;
  folder: string;
  label: string;
  waiting: boolean;
}

/**
 * Accept, reject (a reason from the list and a note) or go to the next document; the keys n, a and r do the
 * same while no field has the focus.
 */
export function DecisionPanel({
  target,
  mayDecide,
  onDecided,
  onNext,
  hasNext,
}: {
  target: DecisionTarget;
  mayDecide: boolean;
  onDecided: () => Promise<unknown>;
  onNext: () => void;
  hasNext: boolean;
}) {
  const reasons = useQuery({ ...rejectReasonsQuery(), enabled: mayDecide });
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLInputElement>(null);
  const canDecide = mayDecide && target.waiting && !busy;

  // A new document starts with a closed form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the document, not on every render
  useEffect(() => {
    setRejecting(false);
    setReason(null);
    setNote('');
    setProblem(null);
  }, [target.registrantId, target.folder]);

  const decide = async (call: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      notify.success((await call()).message);
      setRejecting(false);
      await onDecided();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const accept = () => decide(() => acceptDocument(target.registrantId, target.folder));
  const openReject = () => {
    setRejecting(true);
    setTimeout(() => reasonRef.current?.focus(), 0);
  };
  const reject = () => {
    if (!reason) {
      setProblem(DOCUMENT_MSG.reasonRequired);
      return;
    }
    void decide(() =>
      rejectDocument(target.registrantId, target.folder, { reason, note: note.trim() || undefined }),
    );
  };

  const keys = useRef({ accept, openReject, onNext, canDecide, hasNext });
  keys.current = { accept, openReject, onNext, canDecide, hasNext };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement | null;
      if (el?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const k = keys.current;
      if (e.key === 'n' && k.hasNext) k.onNext();
      else if (e.key === 'a' && k.canDecide) void k.accept();
      else if (e.key === 'r' && k.canDecide) {
        e.preventDefault();
        k.openReject();
      } else return;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Stack gap="xs" data-testid="decision-panel">
      <Group gap="xs">
        <Button
          color="green"
          leftSection={<IconCheck size={16} aria-hidden />}
          rightSection={<Kbd size="xs">a</Kbd>}
          disabled={!canDecide}
          onClick={() => void accept()}
        >
          Terima
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} aria-hidden />}
          rightSection={<Kbd size="xs">r</Kbd>}
          disabled={!canDecide}
          onClick={openReject}
        >
          Tolak
        </Button>
        <Button
          variant="default"
          rightSection={
            <Group gap={4} wrap="nowrap">
              <IconArrowRight size={16} aria-hidden />
              <Kbd size="xs">n</Kbd>
            </Group>
          }
          disabled={!hasNext}
          onClick={onNext}
        >
          Berikutnya
        </Button>
      </Group>
      {rejecting && (
        <Stack gap="xs" data-testid="reject-form">
          <Select
            ref={reasonRef}
            label="Alasan penolakan"
            placeholder="Pilih alasan"
            data={(reasons.data ?? []).map((r) => r.label)}
            value={reason}
            onChange={(v) => {
              setReason(v);
              setProblem(null);
            }}
            error={problem}
            required
          />
          <Textarea
            label="Keterangan untuk orang tua (opsional)"
            placeholder="Misalnya bagian yang perlu diperbaiki"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Group gap="xs">
            <Button color="red.9" loading={busy} onClick={reject}>
              Tolak dokumen
            </Button>
            <Button variant="default" onClick={() => setRejecting(false)} disabled={busy}>
              Batal
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
