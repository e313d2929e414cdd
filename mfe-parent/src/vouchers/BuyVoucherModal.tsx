import { useForm } from '@mantine/form';
import { errorMessage } from '@psb/api-client/http';
import { convenienceFee } from '@psb/contracts/payment-setup';
import {
  CHANNEL_INFO,
  formatRupiah,
  PURCHASE_CHANNELS,
  PURCHASE_STATE_LABELS,
  type PurchaseChannel,
  type VoucherPurchase,
} from '@psb/contracts/payments';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  modals,
  NumberInput,
  notify,
  Paper,
  Select,
  Stack,
  Text,
} from '@psb/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listVoucherSchools } from '../common/api/voucher-places';
import { ChargeBox } from '../common/charge/ChargeBox';
import { buyVouchers, cancelPurchase, feesQuery, offersQuery, purchaseKeys, purchaseQuery } from './api';

export interface BuyVoucherModalProps {
  opened: boolean;
  onClose: () => void;
  /** An open purchase to show (its payment number or its codes) instead of the buy form. */
  purchaseId: number | null;
  onUse: (code: string) => void;
}

/**
 * 'Beli Voucher': how many, for which school (or any), how to pay, and the total; then the payment number with
 * the steps, waiting for the money (asked every few seconds); once paid, the new codes, each usable at once to
 * add a registrant.
 */
export function BuyVoucherModal({ opened, onClose, purchaseId, onUse }: BuyVoucherModalProps) {
  const [current, setCurrent] = useState<number | null>(purchaseId);
  const [shownFor, setShownFor] = useState(purchaseId);
  if (shownFor !== purchaseId) {
    setShownFor(purchaseId);
    setCurrent(purchaseId);
  }
  const close = () => {
    setCurrent(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Beli Voucher Pendaftaran" centered size="md">
      {current === null ? (
        <BuyForm onBought={setCurrent} />
      ) : (
        <PurchaseView id={current} onUse={onUse} onNew={() => setCurrent(null)} />
      )}
    </Modal>
  );
}

function BuyForm({ onBought }: { onBought: (id: number) => void }) {
  const queryClient = useQueryClient();
  const offers = useQuery(offersQuery());
  const fees = useQuery(feesQuery());
  const schools = useQuery({ queryKey: ['public', 'school', ''], queryFn: () => listVoucherSchools() });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: {
      school_year_id: '',
      count: 1 as number | string,
      school_id: '',
      channel: 'bni' as PurchaseChannel,
    },
    validate: {
      count: (v) => (Number(v) >= 1 && Number(v) <= 10 ? null : 'Jumlah voucher 1 sampai 10.'),
    },
  });
  const list = offers.data ?? [];
  const yearId = form.values.school_year_id || String(list[0]?.school_year_id ?? '');
  const offer = list.find((o) => String(o.school_year_id) === yearId);
  const count = Number(form.values.count) || 0;
  const subtotal = offer ? count * offer.price : 0;
  const rule = fees.data?.find((f) => f.channel === form.values.channel);
  const fee = rule ? convenienceFee(rule, subtotal) : 0;

  if (offers.isPending) return <Loader size="sm" aria-label="Memuat" />;
  if (offers.isError) return <Alert color="red">{errorMessage(offers.error)}</Alert>;
  if (list.length === 0)
    return (
      <Alert color="gray" title="Belum dijual online">
        Voucher pendaftaran belum dapat dibeli secara online. Silakan hubungi sekolah.
      </Alert>
    );

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await buyVouchers({
        count: Number(v.count),
        school_year_id: Number(yearId),
        school_id: v.school_id ? Number(v.school_id) : null,
        channel: v.channel,
      });
      await queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
      queryClient.setQueryData(purchaseKeys.one(res.data.id), res.data);
      onBought(res.data.id);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          Voucher dipakai untuk menambahkan calon murid. Voucher terbit otomatis setelah pembayaran diterima.
        </Text>
        {list.length > 1 && (
          <Select
            label="Tahun Ajaran"
            data={list.map((o) => ({ value: String(o.school_year_id), label: o.name }))}
            value={yearId}
            onChange={(v) => form.setFieldValue('school_year_id', v ?? '')}
            allowDeselect={false}
          />
        )}
        <NumberInput label="Jumlah Voucher" min={1} max={10} withAsterisk {...form.getInputProps('count')} />
        <Select
          label="Sekolah"
          description="Kosongkan agar voucher berlaku di semua sekolah."
          placeholder="Semua sekolah"
          clearable
          data={(schools.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          {...form.getInputProps('school_id')}
        />
        <Select
          label="Metode Pembayaran"
          withAsterisk
          allowDeselect={false}
          data={PURCHASE_CHANNELS.map((c) => ({ value: c, label: CHANNEL_INFO[c].label }))}
          {...form.getInputProps('channel')}
        />
        {offer && (
          <Paper withBorder p="sm" radius="md">
            <Group justify="space-between">
              <Text size="sm">
                {count} × {formatRupiah(offer.price)}
              </Text>
              <Text size="sm">{formatRupiah(subtotal)}</Text>
            </Group>
            {fee > 0 && (
              <Group justify="space-between">
                <Text size="sm">Biaya admin {CHANNEL_INFO[form.values.channel].label}</Text>
                <Text size="sm">{formatRupiah(fee)}</Text>
              </Group>
            )}
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Total dibayar
              </Text>
              <Text fw={700} data-testid="voucher-total">
                {formatRupiah(subtotal + fee)}
              </Text>
            </Group>
          </Paper>
        )}
        {problem && <Alert color="red">{problem}</Alert>}
        <Button type="submit" loading={busy}>
          Beli
        </Button>
      </Stack>
    </form>
  );
}

function PurchaseView({
  id,
  onUse,
  onNew,
}: {
  id: number;
  onUse: (code: string) => void;
  onNew: () => void;
}) {
  const queryClient = useQueryClient();
  const q = useQuery(purchaseQuery(id));
  const [busy, setBusy] = useState(false);
  const state = q.data?.state;
  // The dashboard's list of purchases follows what this view learns (paid, cancelled).
  useEffect(() => {
    if (state) void queryClient.invalidateQueries({ queryKey: purchaseKeys.all, exact: true });
  }, [state, queryClient]);
  if (q.isPending) return <Loader size="sm" aria-label="Memuat" />;
  if (q.isError) return <Alert color="red">{errorMessage(q.error)}</Alert>;
  const p: VoucherPurchase = q.data;

  const cancel = () =>
    modals.openConfirmModal({
      title: 'Batalkan pembelian?',
      children: (
        <Text size="sm">Nomor pembayaran ini tidak dapat dipakai lagi setelah pembelian dibatalkan.</Text>
      ),
      labels: { confirm: 'Batalkan Pembelian', cancel: 'Kembali' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setBusy(true);
        try {
          const res = await cancelPurchase(id);
          notify.success(res.message ?? 'Pembelian dibatalkan.');
          queryClient.setQueryData(purchaseKeys.one(id), res.data);
          await queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
        } catch (err) {
          notify.error(errorMessage(err));
        } finally {
          setBusy(false);
        }
      },
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">
          {p.count} voucher {p.school_year_name}
          {p.school_name ? ` — ${p.school_name}` : ''}
        </Text>
        <Badge color={p.state === 'paid' ? 'green' : p.state === 'pending' ? 'yellow' : 'gray'}>
          {PURCHASE_STATE_LABELS[p.state]}
        </Badge>
      </Group>
      {p.state === 'pending' && p.charge && (
        <>
          <ChargeBox charge={p.charge} />
          <Group gap="xs" wrap="nowrap" data-testid="waiting-payment">
            <Loader size="xs" />
            <Text size="sm" c="gray.7">
              Menunggu pembayaran… Halaman ini diperbarui otomatis.
            </Text>
          </Group>
          <Button variant="subtle" color="red" onClick={cancel} loading={busy}>
            Batalkan Pembelian
          </Button>
        </>
      )}
      {p.state === 'pending' && !p.charge && (
        <Alert color="yellow">Nomor pembayaran sedang dibuat. Silakan tunggu sebentar.</Alert>
      )}
      {p.state === 'paid' && (
        <>
          <Alert color="green" title="Pembayaran diterima">
            Voucher Anda sudah terbit. Gunakan satu voucher untuk setiap calon murid.
          </Alert>
          <Stack gap={6} data-testid="voucher-codes">
            {p.vouchers.map((v) => (
              <Paper key={v.id} withBorder p="xs" radius="md">
                <Group justify="space-between">
                  <Text ff="monospace" fw={700} data-testid="voucher-code">
                    {v.token}
                  </Text>
                  {v.used ? (
                    <Badge color="gray">Sudah digunakan</Badge>
                  ) : (
                    <Group gap={4}>
                      <CopyButton value={v.token}>
                        {({ copied, copy }) => (
                          <Button size="xs" variant="light" onClick={copy}>
                            {copied ? 'Tersalin' : 'Salin'}
                          </Button>
                        )}
                      </CopyButton>
                      <Button size="xs" onClick={() => onUse(v.token)}>
                        Gunakan
                      </Button>
                    </Group>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {(p.state === 'cancelled' || p.state === 'expired' || p.state === 'reversed') && (
        <>
          <Alert color="gray">
            {p.state === 'expired'
              ? 'Nomor pembayaran sudah kedaluwarsa. Silakan buat pembelian baru.'
              : 'Pembelian ini sudah dibatalkan.'}
          </Alert>
          <Button variant="light" onClick={onNew}>
            Beli Voucher Lagi
          </Button>
        </>
      )}
    </Stack>
  );
}
