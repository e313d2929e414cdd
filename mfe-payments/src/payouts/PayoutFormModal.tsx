import { useForm } from '@mantine/form';
import { errorMessage } from '@psb/api-client/http';
import { type CreatePayout, createPayoutSchema, formatRupiah, PAYOUT_BANKS } from '@psb/contracts/payments';
import { Button, Group, Modal, NumberInput, notify, Select, Stack, Text, TextInput } from '@psb/ui';
import { useState } from 'react';
import { createPayout } from './api/payouts';

interface Values {
  beneficiary_name: string;
  beneficiary_bank: string | null;
  beneficiary_account: string;
  amount: number | string;
  notes: string;
}

const BANK_OPTIONS = Object.entries(PAYOUT_BANKS).map(([value, label]) => ({ value, label }));

/** The contract's own rules, so the form says exactly what the server would refuse (in Indonesian). */
function validate(v: Values): Record<string, string> {
  const parsed = createPayoutSchema.safeParse({
    ...v,
    beneficiary_bank: v.beneficiary_bank ?? '',
    amount: v.amount === '' ? undefined : Number(v.amount),
  });
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** "Buat Payout": asks Iris for a transfer that another staff member must approve. */
export function PayoutFormModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      beneficiary_name: '',
      beneficiary_bank: null,
      beneficiary_account: '',
      amount: '',
      notes: '',
    },
    validate,
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async (v) => {
    setSaving(true);
    try {
      const res = await createPayout(
        createPayoutSchema.parse({ ...v, amount: Number(v.amount) }) as CreatePayout,
      );
      notify.success(res.message);
      onCreated();
      close();
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Buat Payout"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Tutup' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Nama penerima"
            required
            maxLength={100}
            {...form.getInputProps('beneficiary_name')}
          />
          <Group grow align="flex-start">
            <Select
              label="Bank tujuan"
              required
              data={BANK_OPTIONS}
              searchable
              {...form.getInputProps('beneficiary_bank')}
            />
            <TextInput
              label="Nomor rekening"
              required
              inputMode="numeric"
              {...form.getInputProps('beneficiary_account')}
            />
          </Group>
          <NumberInput
            label="Jumlah"
            required
            prefix="Rp. "
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('amount')}
          />
          {form.values.amount !== '' && (
            <Text size="sm" c="gray.7">
              Akan dicairkan {formatRupiah(Number(form.values.amount))}
            </Text>
          )}
          <TextInput label="Catatan" required {...form.getInputProps('notes')} />
          <Text size="xs" c="gray.7" mt={-8}>
            {form.values.notes.length}/100 karakter
          </Text>
          <Text size="sm" c="gray.7">
            Pencairan baru dikirim bank setelah disetujui oleh staf lain.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Batal
            </Button>
            <Button type="submit" loading={saving}>
              Buat Payout
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
