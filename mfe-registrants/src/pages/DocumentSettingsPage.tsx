import { errorMessage } from '@psb/api-client/http';
import { UPLOAD_FOLDER_LABELS, UPLOAD_FOLDERS, type UploadFolder } from '@psb/contracts/registrants-admin';
import { useModuleActions } from '@psb/resource-ui';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  modals,
  notify,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@psb/ui';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSchools } from '../assisted/api/assisted';
import { SubPageHeader } from '../common/SubPageHeader';
import {
  addReason,
  fetchRequirements,
  removeReason,
  requirementsKey,
  saveRequirements,
} from '../document-settings/api';
import { documentKeys, rejectReasonsQuery } from '../document-verification/api/documents';

/** Which documents one school requires of its registrants; none ticked, none required. */
function RequiredDocuments({ canUpdate }: { canUpdate: boolean }) {
  const schools = useSchools();
  const queryClient = useQueryClient();
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const id = Number(schoolId);
  const current = useQuery({
    queryKey: requirementsKey(id),
    queryFn: () => fetchRequirements(id),
    enabled: id > 0,
  });
  const [ticked, setTicked] = useState<UploadFolder[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => setTicked(current.data ?? []), [current.data]);

  const save = async () => {
    setSaving(true);
    try {
      await saveRequirements(id, ticked);
      await queryClient.invalidateQueries({ queryKey: requirementsKey(id) });
      notify.success('Dokumen wajib sekolah disimpan.');
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="required-documents">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Dokumen wajib per sekolah
        </Title>
        <Text size="sm" c="gray.7">
          Calon murid baru dapat diverifikasi setelah semua dokumen wajib sekolahnya diterima.
        </Text>
        <Select
          label="Sekolah"
          placeholder={schools.isPending ? 'Memuat sekolah…' : 'Pilih sekolah'}
          data={(schools.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={schoolId}
          onChange={setSchoolId}
          maw={360}
        />
        {id > 0 &&
          (current.isPending ? (
            <Skeleton height={80} />
          ) : current.isError ? (
            <Text size="sm" c="red.9">
              {errorMessage(current.error)}
            </Text>
          ) : (
            <Checkbox.Group
              label="Dokumen yang wajib diunggah"
              value={ticked}
              onChange={(v) => setTicked(v as UploadFolder[])}
            >
              <Stack gap={6} mt={6}>
                {UPLOAD_FOLDERS.map((f) => (
                  <Checkbox key={f} value={f} label={UPLOAD_FOLDER_LABELS[f]} disabled={!canUpdate} />
                ))}
              </Stack>
            </Checkbox.Group>
          ))}
        {id > 0 && canUpdate && current.isSuccess && (
          <Group>
            <Button onClick={save} loading={saving}>
              Simpan dokumen wajib
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The rejection reasons: the defaults, and the foundation's own, which staff add and remove. */
function RejectReasons({ canInsert, canDelete }: { canInsert: boolean; canDelete: boolean }) {
  const queryClient = useQueryClient();
  const reasons = useQuery(rejectReasonsQuery());
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.reasons() });

  const add = async () => {
    if (!label.trim()) return setError('Alasan wajib diisi.');
    setAdding(true);
    try {
      const res = await addReason(label.trim());
      notify.success(res.message);
      setLabel('');
      setError(null);
      await refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setAdding(false);
    }
  };
  const remove = (id: number, text: string) =>
    modals.openConfirmModal({
      title: 'Hapus alasan penolakan?',
      children: <Text size="sm">“{text}” tidak dapat dipilih lagi saat menolak dokumen.</Text>,
      labels: { confirm: 'Ya, hapus', cancel: 'Batal' },
      // A darker red keeps the white label readable (4.5:1); the close button is named for screen readers.
      confirmProps: { color: 'red.8' },
      closeButtonProps: { 'aria-label': 'Tutup' },
      onConfirm: async () => {
        try {
          notify.success((await removeReason(id)).message);
          await refresh();
        } catch (err) {
          notify.error(errorMessage(err));
        }
      },
    });

  return (
    <Card withBorder padding="lg" data-testid="reject-reasons">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Alasan penolakan dokumen
        </Title>
        <Text size="sm" c="gray.7">
          Pilihan alasan saat staf menolak dokumen; orang tua menerimanya bersama keterangan tambahan.
        </Text>
        {reasons.isPending ? (
          <Skeleton height={80} />
        ) : reasons.isError ? (
          <Text size="sm" c="red.9">
            {errorMessage(reasons.error)}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {reasons.data.map((r) => (
              <Group key={`${r.id ?? 'bawaan'}-${r.label}`} component="li" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ flex: 1 }}>
                  {r.label}
                </Text>
                {r.id === null ? (
                  <Badge variant="light" color="gray">
                    Bawaan
                  </Badge>
                ) : (
                  canDelete && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => remove(r.id!, r.label)}
                      aria-label={`Hapus alasan ${r.label}`}
                    >
                      Hapus
                    </Button>
                  )
                )}
              </Group>
            ))}
          </Stack>
        )}
        {canInsert && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void add();
            }}
          >
            <Group align="flex-start">
              <TextInput
                label="Alasan baru"
                placeholder="Misalnya: Nama pada dokumen berbeda"
                value={label}
                maxLength={200}
                error={error}
                onChange={(e) => setLabel(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Button type="submit" mt={24} loading={adding} leftSection={<IconPlus size={16} aria-hidden />}>
                Tambah
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Card>
  );
}

/** `/admin/registrant/document_settings`: the documents each school requires and the rejection reasons. */
export function DocumentSettingsPage() {
  const actions = useModuleActions('Calon Murid');
  return (
    <Stack gap="md" data-testid="document-settings">
      <SubPageHeader title="Pengaturan Dokumen">
        Dokumen wajib tiap sekolah dan alasan penolakan dokumen.
      </SubPageHeader>
      <RequiredDocuments canUpdate={actions.update} />
      <RejectReasons canInsert={actions.insert} canDelete={actions.delete} />
    </Stack>
  );
}
