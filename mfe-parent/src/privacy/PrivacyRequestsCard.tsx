import { errorMessage } from '@psb/api-client/http';
import {
  type NewPrivacyRequest,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_STATUS_LABELS,
  type PrivacyRequest,
} from '@psb/contracts/privacy';
import { SURVEY_PAGES } from '@psb/contracts/survey';
import {
  Badge,
  Button,
  Card,
  formatDateTime,
  Group,
  modals,
  notify,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@psb/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRegistrants } from '../common/api/registrant';
import { fileRequest, myRequestsQuery, requestsKey } from './api';

const STATUS_COLORS = { open: 'yellow', done: 'green', refused: 'gray' } as const;
/** Answers written as one value: the ones a correction request can name (tables and checklists are not). */
const ONE_VALUE = new Set(['text', 'textarea', 'number', 'date', 'phone', 'choice', 'region']);
const QUESTION_OPTIONS = SURVEY_PAGES.map((p) => ({
  group: p.title,
  items: p.questions
    .filter((q) => ONE_VALUE.has(q.kind))
    .map((q) => ({ value: String(q.no), label: q.label })),
})).filter((g) => g.items.length > 0);

function RequestLine({ q }: { q: PrivacyRequest }) {
  return (
    <Stack gap={2} data-testid="privacy-request">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {PRIVACY_REQUEST_KIND_LABELS[q.kind]}
        </Text>
        <Badge color={STATUS_COLORS[q.status]}>{PRIVACY_REQUEST_STATUS_LABELS[q.status]}</Badge>
      </Group>
      {q.kind === 'correction' && (
        <Text size="sm">
          {q.registrant_name}: {q.question} → {q.requested_value}
        </Text>
      )}
      <Text size="xs" c="gray.7">
        Diajukan {formatDateTime(q.created_at)}
        {q.status === 'open' ? ` · dijawab paling lambat ${formatDateTime(q.due_at)}` : ''}
      </Text>
      {q.reason && <Text size="sm">Alasan: {q.reason}</Text>}
    </Stack>
  );
}

/**
 * The parent's requests about their data: a correction of an answer of a submitted form (they can no longer
 * change it themselves) and the deletion of their account; the foundation answers within 3×24 hours.
 */
export function PrivacyRequestsCard() {
  const queryClient = useQueryClient();
  const requests = useQuery(myRequestsQuery());
  const registrants = useRegistrants();
  const submitted = (registrants.data ?? []).filter((r) => r.is_submit && r.status !== 'withdrawn');
  const [registrantId, setRegistrantId] = useState<string | null>(null);
  const [questionNo, setQuestionNo] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: (body: NewPrivacyRequest) => fileRequest(body),
    onSuccess: (res) => {
      notify.success(res.message);
      setQuestionNo(null);
      setValue('');
      setNote('');
      return queryClient.invalidateQueries({ queryKey: requestsKey });
    },
    onError: (err) => notify.error(errorMessage(err)),
  });
  const askCorrection = () => {
    if (!registrantId || !questionNo || !value.trim())
      return notify.error('Pilih calon murid dan pertanyaan, lalu isi data yang benar.');
    send.mutate({
      kind: 'correction',
      registrant_id: Number(registrantId),
      question_no: Number(questionNo),
      requested_value: value.trim(),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  };
  const askDeletion = () =>
    modals.openConfirmModal({
      title: 'Minta penghapusan akun?',
      children: (
        <Text size="sm">
          Yayasan akan menghapus akun Anda dan data anak-anak yang Anda daftarkan, kecuali data yang masih
          wajib disimpan (misalnya tagihan yang belum lunas atau data murid yang diterima). Jawaban diberikan
          dalam 3×24 jam.
        </Text>
      ),
      labels: { confirm: 'Kirim permintaan hapus', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: () => send.mutate({ kind: 'deletion' }),
    });

  return (
    <Card withBorder padding="lg" data-testid="privacy-requests">
      <Title order={4} mb="xs">
        Perbaikan dan Penghapusan Data
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Formulir yang sudah dikirim tidak bisa Anda ubah sendiri. Minta perbaikan di sini, atau minta akun
          Anda dihapus. Yayasan wajib menjawab dalam 3×24 jam.
        </Text>
        {registrants.isPending ? (
          <Skeleton h={40} />
        ) : submitted.length === 0 ? (
          <Text size="sm">Belum ada formulir terkirim yang bisa diminta perbaikannya.</Text>
        ) : (
          <Stack gap="xs">
            <Select
              label="Calon murid"
              data={submitted.map((r) => ({
                value: String(r.id),
                label: `${r.name ?? 'Tanpa nama'} (${r.registration_number})`,
              }))}
              value={registrantId}
              onChange={setRegistrantId}
            />
            <Select
              label="Data yang salah"
              data={QUESTION_OPTIONS}
              value={questionNo}
              onChange={setQuestionNo}
              searchable
              nothingFoundMessage="Pertanyaan tidak ditemukan"
            />
            <TextInput
              label="Data yang benar"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
            />
            <Textarea
              label="Keterangan (tidak wajib)"
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <Button w="fit-content" onClick={askCorrection} loading={send.isPending}>
              Kirim permintaan perbaikan
            </Button>
          </Stack>
        )}
        <Button w="fit-content" variant="light" color="red" onClick={askDeletion}>
          Minta hapus akun
        </Button>
        <Title order={5}>Permintaan saya</Title>
        {requests.isPending ? (
          <Skeleton h={40} />
        ) : requests.isError ? (
          <Text size="sm" c="red.9">
            Daftar permintaan tidak dapat dimuat. Muat ulang halaman.
          </Text>
        ) : requests.data.length === 0 ? (
          <Text size="sm">Belum ada permintaan.</Text>
        ) : (
          requests.data.map((q) => <RequestLine key={q.id} q={q} />)
        )}
      </Stack>
    </Card>
  );
}
