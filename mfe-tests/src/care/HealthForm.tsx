import { useForm } from '@mantine/form';
import { errorMessage, fieldErrors } from '@psb/api-client/http';
import { type HealthData, healthDataBodySchema } from '@psb/contracts/test-scoring';
import { Group, NumberInput, notify, Select, Stack, Textarea, TextInput } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { saveHealth, storeHealth } from './api/care';
import { errorsOf, type HealthValues, healthBody, healthValues } from './careForm';
import { SaveBar } from './SaveBar';

const validate = errorsOf(healthDataBodySchema, healthBody);

/** A registrant's health data; read-only without update on Penilaian Tes. */
export function HealthForm({
  data,
  editable,
  onDirtyChange,
}: {
  data: HealthData;
  editable: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const client = useQueryClient();
  const [saved, setSaved] = useState(data);
  const [saving, setSaving] = useState(false);
  const form = useForm<HealthValues>({ initialValues: healthValues(data), validate });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    try {
      const res = await saveHealth(data.registrant_id, healthBody(values));
      storeHealth(client, res.data);
      setSaved(res.data);
      form.setInitialValues(healthValues(res.data));
      form.setValues(healthValues(res.data));
      notify.success(res.message ?? 'Data kesehatan tersimpan.');
    } catch (err) {
      form.setErrors(fieldErrors(err));
      notify.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  });

  const ro = !editable;
  const text = (name: keyof HealthValues) => ({ readOnly: ro, ...form.getInputProps(name) });
  return (
    <form onSubmit={submit} noValidate aria-label="Data kesehatan">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <NumberInput
            label="Tinggi badan (cm)"
            decimalSeparator=","
            decimalScale={1}
            min={0}
            hideControls
            {...text('height_cm')}
          />
          <NumberInput
            label="Berat badan (kg)"
            decimalSeparator=","
            decimalScale={1}
            min={0}
            hideControls
            {...text('weight_kg')}
          />
          <Select
            label="Golongan darah"
            placeholder="Belum diisi"
            clearable={editable}
            data={['A', 'B', 'AB', 'O']}
            {...text('blood_type')}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput label="Penglihatan" {...text('vision')} />
          <TextInput label="Pendengaran" {...text('hearing')} />
        </Group>
        <Textarea label="Alergi" autosize minRows={2} {...text('allergies')} />
        <Textarea label="Riwayat penyakit" autosize minRows={2} {...text('medical_history')} />
        <Textarea label="Catatan" autosize minRows={2} {...text('notes')} />
        <SaveBar editable={editable} dirty={dirty} saving={saving} updatedAt={saved.updated_at} />
      </Stack>
    </form>
  );
}
