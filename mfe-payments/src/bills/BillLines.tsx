import { errorMessage } from '@psb/api-client/http';
import type { BillView } from '@psb/contracts/payments';
import {
  ActionIcon,
  BillLinesTable,
  Button,
  Group,
  Modal,
  modals,
  NumberInput,
  notify,
  Stack,
  Text,
  TextInput,
} from '@psb/ui';
import { useState } from 'react';
import { addBillLine, deleteBillLine, updateBillLine } from './api/bills';

type Line = BillView['lines'][number];
type Done = (message?: string) => Promise<void>;

/**
 * The bill's lines with total and paid; staff with update rights add, change and remove lines while nothing is
 * paid (the api recounts the total and installments and closes open payment numbers).
 */
export function BillLines({
  bill,
  editable,
  onChanged,
}: {
  bill: BillView;
  editable: boolean;
  onChanged: Done;
}) {
  const [editing, setEditing] = useState<Line | 'new' | null>(null);
  const canEdit = editable && bill.paid_amount === 0 && bill.state !== 'cancelled';
  const hasCharge = bill.installments.some((i) => i.charge && i.charge.status === 'pending');
  const remove = (l: Line) =>
    modals.openConfirmModal({
      title: 'Hapus rincian?',
      children: (
        <Text size="sm">
          {l.name} dihapus dari tagihan; total dan cicilan dihitung ulang
          {hasCharge ? ', dan nomor pembayaran yang masih aktif ditutup' : ''}.
        </Text>
      ),
      labels: { confirm: 'Hapus', cancel: 'Batal' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void deleteBillLine(l.id)
          .then((r) => onChanged(r.message))
          .catch((err) => notify.error(errorMessage(err))),
    });
  return (
    <Stack gap="xs" data-testid="bill-lines">
      <BillLinesTable
        bill={bill}
        totals={[
          { label: 'Total', amount: bill.total_amount, strong: true },
          { label: 'Dibayar', amount: bill.paid_amount },
        ]}
        lineActions={
          canEdit
            ? (l) => (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Ubah ${l.name}`} onClick={() => setEditing(l)}>
                    ✎
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Hapus ${l.name}`}
                    disabled={bill.lines.length < 2}
                    onClick={() => remove(l)}
                  >
                    ✕
                  </ActionIcon>
                </Group>
              )
            : undefined
        }
      />
      {canEdit && (
        <Group>
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            Tambah rincian
          </Button>
        </Group>
      )}
      {editing && (
        <LineForm
          line={editing === 'new' ? null : editing}
          warnCharge={hasCharge}
          onClose={() => setEditing(null)}
          onSave={async (name, amount) => {
            const r =
              editing === 'new'
                ? await addBillLine({ header_id: bill.id, name, amount })
                : await updateBillLine(editing.id, { name, amount });
            setEditing(null);
            await onChanged(r.message);
          }}
        />
      )}
    </Stack>
  );
}

function LineForm({
  line,
  warnCharge,
  onClose,
  onSave,
}: {
  line: Line | null;
  warnCharge: boolean;
  onClose: () => void;
  onSave: (name: string, amount: number) => Promise<void>;
}) {
  const [name, setName] = useState(line?.name ?? '');
  const [amount, setAmount] = useState<number | string>(line?.amount ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(name.trim(), Number(amount));
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={line ? 'Ubah rincian' : 'Tambah rincian'}>
      <Stack gap="sm">
        <TextInput
          label="Nama rincian"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <NumberInput
          label="Jumlah (Rp)"
          required
          min={1}
          thousandSeparator="."
          decimalSeparator=","
          allowDecimal={false}
          value={amount}
          onChange={setAmount}
        />
        <Text size="xs" c="gray.7">
          Total tagihan dan cicilan dihitung ulang
          {warnCharge ? '; nomor pembayaran yang masih aktif ditutup dan perlu dibuat lagi' : ''}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Batal
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!name.trim() || !Number(amount)}>
            Simpan
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
