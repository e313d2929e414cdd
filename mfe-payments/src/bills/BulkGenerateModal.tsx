import { useForm } from '@mantine/form';
import { errorMessage } from '@psb/api-client/http';
import { RelationPicker } from '@psb/resource-ui';
import { usePaymentTypes } from '@psb/staff-ui';
import { Button, Checkbox, Group, Modal, NumberInput, notify, Select, Stack, Text } from '@psb/ui';
import { generateMany, usePeriodSchool } from './api/bills';

interface Values {
  mst_type_payment_id: string | null;
  school_period_id: string | null;
  mst_class_id: string | null;
  cost: number | string;
  is_submit: boolean;
  generate_va: boolean;
  send_notification: boolean;
}

/** Bill every registrant of a period (optionally one class) that has no bill of the type yet, as a job. */
export function BulkGenerateModal({
  typeId,
  onClose,
  onStarted,
}: {
  typeId: number | null;
  onClose: () => void;
  /** The job's id: the list watches it and reads the bills again when it ends. */
  onStarted: (jobId: number) => void;
}) {
  const types = usePaymentTypes();
  const form = useForm<Values>({
    initialValues: {
      mst_type_payment_id: typeId ? String(typeId) : null,
      school_period_id: null,
      mst_class_id: null,
      cost: '',
      is_submit: true,
      generate_va: false,
      send_notification: true,
    },
    validate: {
      mst_type_payment_id: (v) => (v ? null : 'Pilih jenis pembayaran.'),
      school_period_id: (v) => (v ? null : 'Pilih periode pendaftaran.'),
      cost: (v) =>
        v === '' || (Number.isInteger(Number(v)) && Number(v) > 0)
          ? null
          : 'Biaya harus bilangan bulat lebih dari 0.',
    },
  });
  const periodId = Number(form.values.school_period_id);
  const periodSchool = usePeriodSchool(periodId);
  const submit = form.onSubmit(async (v) => {
    try {
      const res = await generateMany({
        mst_type_payment_id: Number(v.mst_type_payment_id),
        school_period_id: Number(v.school_period_id),
        ...(v.mst_class_id ? { mst_class_id: Number(v.mst_class_id) } : {}),
        ...(v.cost !== '' ? { cost: Number(v.cost) } : {}),
        is_submit: v.is_submit,
        generate_va: v.is_submit && v.generate_va,
        send_notification: v.is_submit && v.send_notification,
        request_key: crypto.randomUUID(),
      });
      notify.success(`${res.message} ${res.data.total} calon murid.`);
      onStarted(res.data.job_id);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err));
    }
  });
  return (
    <Modal opened onClose={onClose} title="Buat Tagihan Massal" size="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            Setiap calon murid pada periode ini yang belum memiliki tagihan jenis ini akan dibuatkan tagihan
            dari pengaturan Pembayaran per Periode, atau dengan biaya di bawah bila diisi.
          </Text>
          <Select
            label="Jenis Pembayaran"
            required
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            {...form.getInputProps('mst_type_payment_id')}
          />
          <RelationPicker
            resource="school_period"
            label="Periode Pendaftaran"
            required
            value={form.values.school_period_id}
            onChange={(v) => {
              form.setFieldValue('school_period_id', v);
              // A class of the former period's school would bill nobody.
              form.setFieldValue('mst_class_id', null);
            }}
            error={form.errors.school_period_id}
          />
          <RelationPicker
            resource="mst_class"
            label="Kelas (opsional)"
            description={
              periodSchool.data ? undefined : 'Pilih periode dahulu: kelas dari sekolah periode itu.'
            }
            disabled={!periodSchool.data}
            filters={periodSchool.data ? { school_id: String(periodSchool.data) } : undefined}
            value={form.values.mst_class_id}
            onChange={(v) => form.setFieldValue('mst_class_id', v)}
            data-testid="bulk-class"
          />
          <NumberInput
            label="Biaya (opsional, rupiah)"
            min={1}
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
            {...form.getInputProps('cost')}
          />
          <Checkbox
            label="Langsung terbitkan (orang tua dapat melihat)"
            {...form.getInputProps('is_submit', { type: 'checkbox' })}
          />
          <Checkbox
            label="Buat nomor Virtual Account sekarang"
            disabled={!form.values.is_submit}
            {...form.getInputProps('generate_va', { type: 'checkbox' })}
          />
          <Checkbox
            label="Beri tahu orang tua"
            disabled={!form.values.is_submit}
            {...form.getInputProps('send_notification', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" loading={form.submitting}>
              Buat Tagihan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
