import { useForm } from '@mantine/form';
import { errorMessage } from '@psb/api-client/http';
import { usePaymentTypes } from '@psb/staff-ui';
import { Button, Checkbox, Group, Modal, NumberInput, notify, Select, Stack, Text } from '@psb/ui';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateRegistrants } from '../common/api/registrants';
import { billRegistrant } from './api/registrant';

interface Values {
  mst_type_payment_id: string | null;
  cost: number | string;
  is_submit: boolean;
  send_notification: boolean;
}

/**
 * A bill of one payment type for this registrant: the lines of its period's payment setup, or one cost.
 * The bills screen then shows it with every action (installments, VA, approval).
 */
export function BillRegistrantModal({ id, who, onClose }: { id: number; who: string; onClose: () => void }) {
  const client = useQueryClient();
  const types = usePaymentTypes();
  const form = useForm<Values>({
    initialValues: { mst_type_payment_id: null, cost: '', is_submit: true, send_notification: true },
    validate: {
      mst_type_payment_id: (v) => (v ? null : 'Pilih jenis pembayaran.'),
      cost: (v) =>
        v === '' || (Number.isInteger(Number(v)) && Number(v) > 0)
          ? null
          : 'Biaya harus bilangan bulat lebih dari 0.',
    },
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await billRegistrant(id, {
        mst_type_payment_id: Number(v.mst_type_payment_id),
        ...(v.cost !== '' ? { cost: Number(v.cost) } : {}),
        is_submit: v.is_submit,
        send_notification: v.is_submit && v.send_notification,
      });
      notify.success(`Tagihan untuk ${who} dibuat.`);
      await invalidateRegistrants(client);
      onClose();
    } catch (err) {
      notify.error(errorMessage(err));
    }
  });
  return (
    <Modal opened onClose={onClose} title="Buat Tagihan" centered>
      <form onSubmit={submit} data-testid="bill-registrant-form">
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            Tagihan untuk {who} dibuat dari pengaturan Pembayaran per Periode, atau dengan biaya di bawah bila
            diisi.
          </Text>
          <Select
            label="Jenis Pembayaran"
            required
            placeholder={types.isLoading ? 'Memuat…' : 'Pilih jenis pembayaran'}
            nothingFoundMessage="Belum ada jenis pembayaran"
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            comboboxProps={{ withinPortal: true }}
            data-testid="bill-type"
            {...form.getInputProps('mst_type_payment_id')}
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
            label="Beri tahu orang tua"
            disabled={!form.values.is_submit}
            {...form.getInputProps('send_notification', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" loading={form.submitting} data-testid="bill-registrant-submit">
              Buat Tagihan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
