import { errorMessage } from '@psb/api-client/http';
import type { ResourceRecord } from '@psb/resource-ui';
import {
  ActionIcon,
  Alert,
  Drawer,
  formatDate,
  Loader,
  modals,
  Stack,
  Text,
  Tooltip,
  useDisclosure,
} from '@psb/ui';
import { IconListNumbers } from '@tabler/icons-react';
import { useCallback, useRef } from 'react';
import { useSessionSubjects } from './api/sessionSubjects';
import { SessionSubjectsEditor } from './SessionSubjectsEditor';

/**
 * The "Mata Uji" button of a session's row: a drawer with the subjects scored in that session and their
 * score ranges. Closing it with unsaved changes asks first. `onSaved` tells the page, which knows what else
 * shows the session's subjects (the scoring grid).
 */
export function SessionSubjectsAction({
  session,
  editable,
  onSaved,
}: {
  session: ResourceRecord;
  editable: boolean;
  onSaved?: (sessionId: number) => void;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  const dirty = useRef(false);
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const requestClose = () => {
    if (!dirty.current) return close();
    modals.openConfirmModal({
      title: 'Buang perubahan?',
      children: <Text size="sm">Perubahan mata uji yang belum disimpan akan hilang.</Text>,
      labels: { confirm: 'Buang', cancel: 'Kembali' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        dirty.current = false;
        close();
      },
    });
  };
  const name = String(session.name ?? '');
  return (
    <>
      <Tooltip label="Mata Uji">
        <ActionIcon variant="subtle" aria-label={`Mata Uji ${name}`} onClick={open}>
          <IconListNumbers size={18} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <Drawer opened={opened} onClose={requestClose} position="right" size="xl" title={`Mata Uji: ${name}`}>
        {opened && (
          <SubjectsOf
            id={Number(session.id)}
            editable={editable}
            onDirtyChange={onDirtyChange}
            onSaved={onSaved}
          />
        )}
      </Drawer>
    </>
  );
}

function SubjectsOf({
  id,
  editable,
  onDirtyChange,
  onSaved,
}: {
  id: number;
  editable: boolean;
  onDirtyChange: (dirty: boolean) => void;
  onSaved?: (sessionId: number) => void;
}) {
  const q = useSessionSubjects(id);
  if (q.isPending)
    return (
      <Stack align="center" py="xl">
        <Loader aria-label="Memuat mata uji" />
      </Stack>
    );
  if (q.isError)
    return (
      <Alert color="red" title="Gagal memuat mata uji">
        {errorMessage(q.error)}
      </Alert>
    );
  const s = q.data.session;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {s.test_name} · {s.school_period_name} · {formatDate(s.test_date)}
      </Text>
      <Text size="sm">
        Nilai setiap peserta dicek terhadap rentang mata uji ini saat penilaian. Mata uji yang sudah memiliki
        nilai tidak dapat diubah atau dihapus.
      </Text>
      <SessionSubjectsEditor
        data={q.data}
        editable={editable}
        onDirtyChange={onDirtyChange}
        onSaved={onSaved}
      />
    </Stack>
  );
}
