import { errorMessage, errorStatus, fieldErrors } from '@psb/api-client/http';
import type { SessionSubjects } from '@psb/contracts/tests';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  modals,
  NumberInput,
  notify,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@psb/ui';
import { IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { saveSessionSubjects, storeSessionSubjects } from './api/sessionSubjects';
import { blankRow, initialRows, rowProblems, type SubjectRow, sameRows, toBody } from './subjectRows';

const SCORED_HINT = 'Sudah ada nilai untuk mata uji ini, sehingga tidak dapat diubah atau dihapus.';

/**
 * The subjects of one session with their score ranges as a small editable table: add, change, remove (after a
 * confirmation) and save the whole list; what is not yet saved is shown. Rows that already have scores are
 * fixed. `onDirtyChange` lets the surrounding drawer ask before unsaved changes are dropped.
 */
export function SessionSubjectsEditor({
  data,
  editable,
  onDirtyChange,
  onSaved,
}: {
  data: SessionSubjects;
  editable: boolean;
  onDirtyChange: (dirty: boolean) => void;
  onSaved?: (sessionId: number) => void;
}) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => initialRows(data));
  const [rows, setRows] = useState(saved);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = !sameRows(rows, saved);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const problems = useMemo(() => rowProblems(rows), [rows]);
  const invalid = problems.some((p) => Object.keys(p).length > 0);
  const nameOf = useMemo(() => {
    const names = new Map(data.choices.map((c) => [c.id, c.name]));
    for (const s of data.subjects) names.set(s.mst_subject_id, s.name);
    return names;
  }, [data]);
  const label = (r: SubjectRow, i: number) =>
    (r.mst_subject_id && nameOf.get(r.mst_subject_id)) || `baris ${i + 1}`;

  const change = (key: string, patch: Partial<SubjectRow>) => {
    setServerErrors({});
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const remove = (r: SubjectRow, i: number) =>
    modals.openConfirmModal({
      title: 'Hapus mata uji?',
      children: (
        <Text size="sm">
          <strong>{label(r, i)}</strong> dihapus dari daftar. Perubahan berlaku setelah Anda menyimpan.
        </Text>
      ),
      labels: { confirm: 'Hapus', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setServerErrors({});
        setRows((all) => all.filter((x) => x.key !== r.key));
      },
    });

  const save = async () => {
    setSaving(true);
    try {
      const res = await saveSessionSubjects(data.session.id, toBody(rows));
      const fresh = initialRows(res.data);
      setSaved(fresh);
      setRows(fresh);
      storeSessionSubjects(queryClient, data.session.id, res.data);
      onSaved?.(data.session.id);
      notify.success(res.message ?? 'Mata uji sesi tersimpan.');
    } catch (err) {
      if (errorStatus(err) === 400) setServerErrors(fieldErrors(err));
      notify.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (i: number, field: keyof SubjectRow) =>
    serverErrors[`subjects.${i}.${field}`] ?? problems[i]?.[field];
  const taken = new Set(rows.map((r) => r.mst_subject_id));

  return (
    <Stack gap="sm">
      {!data.chosen && (
        <Alert color="blue" variant="light" data-testid="subjects-default">
          Belum ada mata uji yang dipilih: sesi ini dinilai pada semua mata pelajaran aktif dengan rentang
          nilai 0–100.
        </Alert>
      )}
      {rows.length === 0 ? (
        <EmptyState
          title="Belum ada mata uji."
          description={editable ? 'Tambahkan mata pelajaran yang dinilai pada sesi ini.' : undefined}
        />
      ) : (
        <Table withTableBorder verticalSpacing="xs" data-testid="session-subjects">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mata Pelajaran</Table.Th>
              <Table.Th w={130}>Nilai Minimum</Table.Th>
              <Table.Th w={130}>Nilai Maksimum</Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => {
              const fixed = !editable || r.scored > 0;
              const name = label(r, i);
              return (
                <Table.Tr key={r.key}>
                  <Table.Td>
                    <Select
                      aria-label={`Mata pelajaran baris ${i + 1}`}
                      placeholder="Pilih mata pelajaran"
                      searchable
                      disabled={fixed}
                      data={data.choices
                        .filter((c) => c.id === r.mst_subject_id || !taken.has(c.id))
                        .map((c) => ({ value: String(c.id), label: c.name }))
                        .concat(
                          r.mst_subject_id && !data.choices.some((c) => c.id === r.mst_subject_id)
                            ? [{ value: String(r.mst_subject_id), label: name }]
                            : [],
                        )}
                      value={r.mst_subject_id ? String(r.mst_subject_id) : null}
                      onChange={(v) => change(r.key, { mst_subject_id: v ? Number(v) : null })}
                      error={errorOf(i, 'mst_subject_id')}
                    />
                  </Table.Td>
                  {(['min_score', 'max_score'] as const).map((field) => (
                    <Table.Td key={field}>
                      <NumberInput
                        aria-label={`${field === 'min_score' ? 'Nilai minimum' : 'Nilai maksimum'} ${name}`}
                        decimalSeparator=","
                        decimalScale={2}
                        min={0}
                        hideControls
                        disabled={fixed}
                        value={r[field]}
                        onChange={(v) => change(r.key, { [field]: typeof v === 'number' ? v : '' })}
                        error={errorOf(i, field)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    {r.scored > 0 ? (
                      <Tooltip label={SCORED_HINT} multiline w={240}>
                        <ActionIcon variant="subtle" color="gray" aria-label={`${name}: ${SCORED_HINT}`}>
                          <IconLock size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    ) : (
                      editable && (
                        <Tooltip label="Hapus">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Hapus ${name}`}
                            onClick={() => remove(r, i)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {editable && (
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setRows((all) => [...all, blankRow()])}
            disabled={rows.length >= 50}
          >
            Tambah Mata Uji
          </Button>
          <Group gap="sm">
            <Badge
              color={dirty ? 'orange' : 'gray'}
              variant="light"
              tt="none"
              data-testid="subjects-save-state"
            >
              {dirty ? 'Ada perubahan belum disimpan' : 'Tersimpan'}
            </Badge>
            <Button onClick={() => void save()} loading={saving} disabled={!dirty || invalid}>
              Simpan
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}
