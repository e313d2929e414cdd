import { useForm } from '@mantine/form';
import { errorMessage, fieldErrors } from '@psb/api-client/http';
import { type Counselling, counsellingBodySchema } from '@psb/contracts/test-scoring';
import { notify, Stack, Textarea, TextInput } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { saveCounselling, storeCounselling } from './api/care';
import { type CounsellingValues, counsellingValues, errorsOf } from './careForm';
import { SaveBar } from './SaveBar';

const validate = errorsOf(counsellingBodySchema, (v: CounsellingValues) => v);

/** The counsellor's notes on a registrant; read-only without update on Penilaian Tes. */
export function CounsellingForm({
  data,
  editable,
  onDirtyChange,
}: {
  data: Counselling;
  editable: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const client = useQueryClient();
  const [saved, setSaved] = useState(data);
  const [saving, setSaving] = useState(false);
  const form = useForm<CounsellingValues>({ initialValues: counsellingValues(data), validate });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const res = await saveCounselling(data.registrant_id, values);
      storeCounselling(client, res.data);
      setSaved(res.data);
      form.setInitialValues(counsellingValues(res.data));
      form.setValues(counsellingValues(res.data));
      notify.success(res.message ?? 'Catatan bimbingan konseling tersimpan.');
    } catch (err) {
      form.setErrors(fieldErrors(err));
      notify.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  });

  const field = (name: keyof CounsellingValues) => ({ readOnly: !editable, ...form.getInputProps(name) });
  return (
    <form onSubmit={submit} noValidate aria-label="Bimbingan konseling">
      <Stack gap="sm">
        <TextInput label="Nama konselor" {...field('counselor_name')} />
        <Textarea label="Hasil observasi" autosize minRows={3} {...field('observation')} />
        <Textarea label="Rekomendasi" autosize minRows={3} {...field('recommendation')} />
        <Textarea label="Catatan" autosize minRows={2} {...field('notes')} />
        <SaveBar editable={editable} dirty={dirty} saving={saving} updatedAt={saved.updated_at} />
      </Stack>
    </form>
  );
}
