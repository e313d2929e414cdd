import { errorMessage, fieldErrors } from '@psb/api-client/http';
import { buildSurvey, type Registrant, type RegistrantStatus } from '@psb/contracts/registrants-admin';
import { useModuleActions } from '@psb/resource-ui';
import { Button, Modal, notify, Select, Stack, Text, Textarea, TextInput } from '@psb/ui';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { invalidateAnswersOf } from '../common/api/registrants';
import { saveStaffAnswers } from './api/staffTools';

/** Kinds staff edit here with one input; lists, tables and the address cascade stay with the parent's form. */
const EDITABLE = new Set(['text', 'textarea', 'number', 'date', 'phone', 'choice']);
/** States whose answers are settled (the server refuses them too, with the reason). */
const CLOSED = new Set<RegistrantStatus>(['accepted', 'rejected', 'reserve', 're_registered', 'withdrawn']);

interface Props {
  r: Pick<Registrant, 'id' | 'status' | 'question_answer' | 'custom_questions'>;
}

/**
 * Staff correct one answer at a time under the form's rules: the server validates it as it validates the
 * parent's form and records the change (old → new, who) in the history.
 */
export function AnswerEditor({ r }: Props) {
  const may = useModuleActions('Calon Murid');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [no, setNo] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const questions = useMemo(
    () => buildSurvey(r.custom_questions).questions.filter((q) => EDITABLE.has(q.kind)),
    [r.custom_questions],
  );
  if (!may.update || CLOSED.has(r.status)) return null;
  const question = questions.find((q) => String(q.no) === no);

  const pick = (v: string | null) => {
    setNo(v);
    setError(null);
    const current = v ? r.question_answer[v] : undefined;
    setValue(current === undefined || current === null ? '' : String(current));
  };
  const save = async () => {
    if (!question) return;
    setSaving(true);
    setError(null);
    try {
      const answer = value.trim() === '' ? null : question.kind === 'number' ? Number(value) : value;
      const res = await saveStaffAnswers(r.id, { [String(question.no)]: answer });
      notify.success(res.message);
      setOpen(false);
      await invalidateAnswersOf(queryClient, r.id);
    } catch (err) {
      setError(fieldErrors(err)[String(question.no)] ?? errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const input = () => {
    if (!question) return null;
    const common = { label: question.label, error, 'data-testid': 'answer-value' };
    if (question.kind === 'choice' && !question.allowOther)
      return (
        <Select
          {...common}
          data={[...(question.options ?? [])]}
          value={value || null}
          onChange={(v) => setValue(v ?? '')}
          clearable
        />
      );
    if (question.kind === 'textarea')
      return (
        <Textarea {...common} value={value} onChange={(e) => setValue(e.currentTarget.value)} autosize />
      );
    return (
      <TextInput
        {...common}
        type={question.kind === 'date' ? 'date' : 'text'}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
    );
  };

  return (
    <>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => {
          pick(null);
          setOpen(true);
        }}
        data-testid="edit-answer"
      >
        Ubah Jawaban
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Ubah jawaban formulir" centered>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            Perubahan diperiksa dengan aturan yang sama seperti formulir orang tua dan tercatat di riwayat.
          </Text>
          <Select
            label="Pertanyaan"
            placeholder="Pilih pertanyaan"
            searchable
            data={questions.map((q) => ({ value: String(q.no), label: `${q.no}. ${q.label}` }))}
            value={no}
            onChange={pick}
            data-testid="answer-question"
          />
          {input()}
          <Button onClick={() => void save()} loading={saving} disabled={!question}>
            Simpan
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
