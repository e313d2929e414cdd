import { useForm } from '@mantine/form';
import { errorMessage, fieldErrors } from '@psb/api-client/http';
import {
  createVouchersSchema,
  VOUCHER_CREATE_MAX,
  VOUCHER_METHOD_LABELS,
  VOUCHER_METHODS,
} from '@psb/contracts/resources';
import { RelationPicker, resourceKeys } from '@psb/resource-ui';
import { Button, Group, Modal, notify, Select, Stack, TextInput } from '@psb/ui';
import { IconTicket } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { generateVouchers } from './api/vouchers';

interface Values {
  count: string;
  method: string;
  school_year_id: string | null;
  school_id: string | null;
  note: string;
}

const INITIAL: Values = { count: '10', method: 'offline', school_year_id: null, school_id: null, note: '' };
const METHOD_OPTIONS = VOUCHER_METHODS.map((m) => ({ value: m, label: VOUCHER_METHOD_LABELS[m] }));

/** Checks the form with the same schema the server uses; messages keyed by field. */
function validate(values: Values) {
  const parsed = createVouchersSchema.safeParse(toRequest(values));
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

function toRequest(v: Values) {
  return {
    count: v.count.trim() === '' ? Number.NaN : Number(v.count),
    method: v.method as (typeof VOUCHER_METHODS)[number],
    school_year_id: v.school_year_id ? Number(v.school_year_id) : Number.NaN,
    ...(v.school_id ? { school_id: Number(v.school_id) } : {}),
    ...(v.note.trim() ? { note: v.note.trim() } : {}),
  };
}

/** "Buat Voucher": vouchers are generated in bulk for a school year (and optionally one school). */
export function GenerateVouchersButton() {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const form = useForm<Values>({ initialValues: INITIAL, validate });
  const generate = useMutation({
    mutationFn: (values: Values) => generateVouchers(toRequest(values)),
    onSuccess: (res) => {
      notify.success(res.message);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('mst_token') });
      setOpened(false);
      form.reset();
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error) ?? {});
      notify.error(errorMessage(error));
    },
  });

  return (
    <>
      <Button leftSection={<IconTicket size={16} stroke={1.8} />} onClick={() => setOpened(true)}>
        Buat Voucher
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Buat Voucher" centered>
        <form onSubmit={form.onSubmit((values) => generate.mutate(values))} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Jumlah voucher"
              withAsterisk
              inputMode="numeric"
              description={`1 sampai ${VOUCHER_CREATE_MAX} voucher sekaligus.`}
              {...form.getInputProps('count')}
            />
            <RelationPicker
              resource="school_year"
              label="Tahun Ajaran"
              required
              value={form.values.school_year_id}
              onChange={(v) => form.setFieldValue('school_year_id', v)}
              error={form.errors.school_year_id}
            />
            <RelationPicker
              resource="school"
              label="Sekolah"
              description="Kosongkan agar voucher berlaku untuk semua sekolah."
              value={form.values.school_id}
              onChange={(v) => form.setFieldValue('school_id', v)}
              error={form.errors.school_id}
            />
            <Select
              label="Metode"
              data={METHOD_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('method')}
            />
            <TextInput label="Catatan" maxLength={200} {...form.getInputProps('note')} />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={() => setOpened(false)}>
                Batal
              </Button>
              <Button type="submit" loading={generate.isPending}>
                Buat
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
