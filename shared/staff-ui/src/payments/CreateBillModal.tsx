import { type FormValidateInput, type UseFormReturnType, useForm } from '@mantine/form';
import { errorMessage } from '@psb/api-client/http';
import { Button, Checkbox, Group, Modal, NumberInput, notify, Select, Stack, Text } from '@psb/ui';
import type { ReactNode } from 'react';
import { usePaymentTypes } from './paymentTypes';

/** What every bill form asks: the payment type, an optional cost, publish now, and telling the parent. */
export interface BillChoice {
  mst_type_payment_id: number;
  /** Left out: the lines come from the period's payment setup. */
  cost?: number;
  is_submit: boolean;
  /** Only when published. */
  send_notification: boolean;
  /** Only when published and the form offers it. */
  generate_va: boolean;
}

interface BaseValues {
  mst_type_payment_id: string | null;
  cost: number | string;
  is_submit: boolean;
  generate_va: boolean;
  send_notification: boolean;
}

/** The form of a bill with a caller's extra fields `E`, as `ExtraFields.render` receives it. */
export type BillForm<E extends Record<string, unknown>> = UseFormReturnType<BaseValues & E>;

/** Fields a form adds to the common ones (who is billed), with their rules and how they are drawn. */
export interface ExtraFields<E extends Record<string, unknown>> {
  initialValues: E;
  validate?: FormValidateInput<E>;
  /** Drawn after the payment type, before the cost. */
  render: (form: BillForm<E>) => ReactNode;
}

/** The caller's own fields out of the form's values: the keys its initial values name, nothing of the bill's. */
function extraValues<E extends Record<string, unknown>>(values: BaseValues & E, initial: E): E {
  const picked = { ...initial };
  for (const key of Object.keys(initial) as (keyof E)[]) picked[key] = values[key];
  return picked;
}

/**
 * A bill of a payment type, for one registrant or for many (as a job): the lines of the period's payment setup,
 * or one cost. The caller says who is billed (`extra`) and sends the request (`onCreate`); the form, its rules
 * and the errors are the same everywhere. `onCreate` resolving closes the modal; a failure is told and keeps it.
 */
export function CreateBillModal<E extends Record<string, unknown> = Record<string, never>>({
  title,
  intro,
  size,
  centered,
  typeId = null,
  offerVa = false,
  extra,
  onCreate,
  onClose,
  testIds = {},
}: {
  title: string;
  intro: ReactNode;
  size?: 'md' | 'lg';
  centered?: boolean;
  typeId?: number | null;
  /** Offer to open the payment numbers at once (bulk billing does). */
  offerVa?: boolean;
  extra?: ExtraFields<E>;
  onCreate: (choice: BillChoice, extra: E) => Promise<void>;
  onClose: () => void;
  testIds?: { form?: string; type?: string; submit?: string };
}) {
  const types = usePaymentTypes();
  const form = useForm<BaseValues & E>({
    initialValues: {
      mst_type_payment_id: typeId ? String(typeId) : null,
      cost: '',
      is_submit: true,
      generate_va: false,
      send_notification: true,
      ...(extra?.initialValues as E),
    },
    validate: {
      mst_type_payment_id: (v: string | null) => (v ? null : 'Pilih jenis pembayaran.'),
      cost: (v: number | string) =>
        v === '' || (Number.isInteger(Number(v)) && Number(v) > 0)
          ? null
          : 'Biaya harus bilangan bulat lebih dari 0.',
      ...extra?.validate,
    } as FormValidateInput<BaseValues & E>,
  });
  const submit = form.onSubmit(async (v) => {
    const { mst_type_payment_id, cost, is_submit, generate_va, send_notification } = v;
    try {
      await onCreate(
        {
          mst_type_payment_id: Number(mst_type_payment_id),
          ...(cost !== '' ? { cost: Number(cost) } : {}),
          is_submit,
          send_notification: is_submit && send_notification,
          generate_va: offerVa && is_submit && generate_va,
        },
        extraValues(v, extra?.initialValues ?? ({} as E)),
      );
      onClose();
    } catch (err) {
      notify.error(errorMessage(err));
    }
  });
  return (
    <Modal opened onClose={onClose} title={title} size={size} centered={centered}>
      <form onSubmit={submit} data-testid={testIds.form}>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {intro}
          </Text>
          <Select
            label="Jenis Pembayaran"
            required
            placeholder={types.isLoading ? 'Memuat…' : 'Pilih jenis pembayaran'}
            nothingFoundMessage="Belum ada jenis pembayaran"
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            comboboxProps={{ withinPortal: true }}
            data-testid={testIds.type}
            {...form.getInputProps('mst_type_payment_id')}
          />
          {extra?.render(form)}
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
          {offerVa && (
            <Checkbox
              label="Buat nomor Virtual Account sekarang"
              disabled={!form.values.is_submit}
              {...form.getInputProps('generate_va', { type: 'checkbox' })}
            />
          )}
          <Checkbox
            label="Beri tahu orang tua"
            disabled={!form.values.is_submit}
            {...form.getInputProps('send_notification', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" loading={form.submitting} data-testid={testIds.submit}>
              Buat Tagihan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
