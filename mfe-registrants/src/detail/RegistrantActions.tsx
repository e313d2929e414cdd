import { errorMessage } from '@psb/api-client/http';
import { allowedFrom, DOCUMENT_MSG, type InformationDetail } from '@psb/contracts/registrants-admin';
import { RelationPicker, useModuleActions } from '@psb/resource-ui';
import { Button, Group, Modal, modals, notify, Stack, Text, Textarea } from '@psb/ui';
import {
  IconArchive,
  IconArrowsExchange,
  IconCircleCheck,
  IconLockOpen,
  IconMail,
  IconReceipt,
  IconRestore,
  IconSend,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { invalidateRegistrants } from '../common/api/registrants';
import {
  archive,
  moveClass,
  openForm,
  restore,
  sendTestOverview,
  submitOnBehalf,
  verify,
} from './api/registrant';
import { BillRegistrantModal } from './BillRegistrantModal';
import { VerifyOverrideModal } from './VerifyOverrideModal';

/** Runs a staff action, tells the result and reloads what shows the registrant. */
function useRun() {
  const queryClient = useQueryClient();
  return async (call: () => Promise<{ message: string }>) => {
    try {
      const res = await call();
      notify.success(res.message);
      await invalidateRegistrants(queryClient);
      return true;
    } catch (error) {
      notify.error(errorMessage(error));
      return false;
    }
  };
}

const confirm = (
  title: string,
  body: ReactNode,
  label: string,
  onConfirm: () => Promise<unknown>,
  danger = false,
) =>
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{body}</Text>,
    labels: { confirm: label, cancel: 'Batal' },
    confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm-action' },
    onConfirm: () => void onConfirm(),
  });

/**
 * The actions staff may take on this registrant now: by permission and by its state, each confirmed.
 * `schoolId` (from the registrant's record) limits the classes offered by a move to its own school.
 */
export function RegistrantActions({
  r,
  archived,
  schoolId,
}: {
  r: InformationDetail;
  archived: boolean;
  schoolId?: number;
}) {
  const may = useModuleActions('Calon Murid');
  const config = useModuleActions('Konfigurasi');
  const payments = useModuleActions('Pembayaran');
  const [billing, setBilling] = useState(false);
  const run = useRun();
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  const [moving, setMoving] = useState(false);
  const [classId, setClassId] = useState<string | null>(null);
  // Verifying refused for documents not yet accepted: the refusal, shown with the override.
  const [refusal, setRefusal] = useState<string | null>(null);
  const who = r.name ?? r.registration_number;

  if (archived)
    return may.delete ? (
      <Button
        leftSection={<IconRestore size={16} aria-hidden />}
        onClick={() =>
          confirm('Pulihkan calon murid?', `${who} kembali ke daftar aktif.`, 'Ya, pulihkan', () =>
            run(() => restore(r.id)),
          )
        }
      >
        Pulihkan
      </Button>
    ) : null;

  const can = (t: Parameters<typeof allowedFrom>[0]) => may.update && allowedFrom(t, r.status);
  return (
    <Group gap="xs" data-testid="registrant-actions">
      {can('verify') && (
        <Button
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          onClick={() =>
            confirm(
              'Verifikasi calon murid?',
              `Data ${who} dinyatakan benar dan lengkap.`,
              'Ya, verifikasi',
              () =>
                run(() =>
                  verify(r.id).catch((error) => {
                    const message = errorMessage(error);
                    if (message.startsWith(DOCUMENT_MSG.missingDocumentsLead)) setRefusal(message);
                    throw error;
                  }),
                ),
            )
          }
        >
          Verifikasi
        </Button>
      )}
      {can('submit_on_behalf') && (
        <Button
          variant="default"
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={() =>
            confirm('Kirim atas nama orang tua?', `Formulir ${who} dikirim dan dikunci.`, 'Ya, kirim', () =>
              run(() => submitOnBehalf(r.id)),
            )
          }
        >
          Kirim atas Nama Orang Tua
        </Button>
      )}
      {can('open_form') && (
        <Button
          variant="default"
          leftSection={<IconLockOpen size={16} aria-hidden />}
          onClick={() => setReopening(true)}
        >
          Buka Formulir
        </Button>
      )}
      {may.update &&
        !['accepted', 'rejected', 'reserve', 're_registered', 'withdrawn'].includes(r.status) && (
          <Button
            variant="default"
            leftSection={<IconArrowsExchange size={16} aria-hidden />}
            onClick={() => setMoving(true)}
          >
            Pindah Kelas
          </Button>
        )}
      {config.update && ['submitted', 'verified', 'scheduled'].includes(r.status) && (
        <Button
          variant="default"
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={() =>
            confirm(
              'Kirim ringkasan tes?',
              `Ringkasan tes dari Pengaturan dikirim ke orang tua ${who} lewat WhatsApp atau e-mail, dan tampil di notifikasi aplikasi.`,
              'Ya, kirim',
              () => run(() => sendTestOverview(r.id)),
            )
          }
        >
          Kirim Ringkasan Tes
        </Button>
      )}
      {payments.insert && r.status !== 'withdrawn' && (
        <Button
          variant="default"
          leftSection={<IconReceipt size={16} aria-hidden />}
          onClick={() => setBilling(true)}
          data-testid="bill-registrant"
        >
          Buat Tagihan
        </Button>
      )}
      {may.delete && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconArchive size={16} aria-hidden />}
          onClick={() =>
            confirm(
              'Arsipkan calon murid?',
              `${who} dipindahkan ke data non-aktif dan tempatnya di kelas dilepas.`,
              'Ya, arsipkan',
              () => run(() => archive(r.id)),
              true,
            )
          }
        >
          Arsipkan
        </Button>
      )}

      <Modal opened={reopening} onClose={() => setReopening(false)} title="Buka kembali formulir?" centered>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (await run(() => openForm(r.id, reason))) {
              setReopening(false);
              setReason('');
            }
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              Orang tua dapat mengubah data lalu mengirim ulang. Alasan ini ditampilkan kepada orang tua.
            </Text>
            <Textarea
              label="Alasan"
              required
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-testid="reopen-reason"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReopening(false)}>
                Batal
              </Button>
              <Button type="submit" disabled={!reason.trim()} data-testid="reopen-confirm">
                Buka Formulir
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal opened={moving} onClose={() => setMoving(false)} title="Pindah kelas" centered>
        <Stack gap="sm">
          <Text size="sm">
            Sekarang di kelas {r.mst_class_name}. Kelas tujuan harus dibuka pada periode yang sama dan masih
            ada kuotanya.
          </Text>
          <RelationPicker
            resource="mst_class"
            label="Kelas tujuan"
            value={classId}
            onChange={setClassId}
            filters={schoolId ? { school_id: String(schoolId), is_active: 'true' } : undefined}
            required
            data-testid="move-class"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMoving(false)}>
              Batal
            </Button>
            <Button
              disabled={!classId}
              onClick={async () => {
                if (classId && (await run(() => moveClass(r.id, Number(classId))))) setMoving(false);
              }}
            >
              Pindahkan
            </Button>
          </Group>
        </Stack>
      </Modal>
      {refusal && (
        <VerifyOverrideModal
          refusal={refusal}
          onClose={() => setRefusal(null)}
          onOverride={async (why) => {
            if (await run(() => verify(r.id, why))) setRefusal(null);
          }}
        />
      )}
      {billing && <BillRegistrantModal id={r.id} who={who} onClose={() => setBilling(false)} />}
    </Group>
  );
}
