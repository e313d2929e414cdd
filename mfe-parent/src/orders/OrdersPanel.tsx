import { errorMessage } from '@psb/api-client/http';
import {
  CHANNEL_INFO,
  formatRupiah,
  type OrderView,
  PURCHASE_CHANNELS,
  PURCHASE_STATE_LABELS,
  type PurchaseChannel,
} from '@psb/contracts/payments';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  notify,
  Select,
  Skeleton,
  Stack,
  saveBlob,
  Text,
  Title,
} from '@psb/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ChargeBox } from '../common/charge/ChargeBox';
import { cartQuery, checkout, fetchInvoice, orderKeys, ordersQuery, renewOrderCharge, saveCart } from './api';

/**
 * Items of the school (uniforms, books) for this registrant: quantities in the cart, checkout on a channel
 * (the order keeps the channel's admin fee), then the payment number; paid orders have an invoice.
 */
export function OrdersPanel({ registrantId }: { registrantId: number }) {
  const cart = useQuery(cartQuery(registrantId));
  const orders = useQuery(ordersQuery(registrantId));
  if (cart.isPending) return <Skeleton height={80} radius="md" />;
  if (cart.isError) return <Alert color="red">{errorMessage(cart.error)}</Alert>;
  if (cart.data.items.length === 0 && !orders.data?.length) return null;
  return (
    <Stack gap="xs" data-testid="orders-panel">
      <Title order={3} size="h4">
        Pesan Barang
      </Title>
      {cart.data.items.length > 0 && (
        <CartCard registrantId={registrantId} items={cart.data.items} cart={cart.data.data} />
      )}
      {(orders.data ?? []).map((o) => (
        <OrderCard key={o.id} order={o} registrantId={registrantId} />
      ))}
    </Stack>
  );
}

function CartCard({
  registrantId,
  items,
  cart,
}: {
  registrantId: number;
  items: { id: number; name: string; price: number; description: string | null }[];
  cart: OrderView | null;
}) {
  const client = useQueryClient();
  const inCart = new Map((cart?.lines ?? []).map((l) => [l.mst_item_id, l.quantity]));
  const [qty, setQty] = useState<Record<number, number>>(() => Object.fromEntries(inCart));
  const [channel, setChannel] = useState<PurchaseChannel>('bni');
  const total = items.reduce((s, i) => s + i.price * (qty[i.id] ?? 0), 0);
  const refresh = () => client.invalidateQueries({ queryKey: orderKeys.of(registrantId) });
  const order = useMutation({
    mutationFn: async () => {
      const lines = Object.entries(qty)
        .filter(([, q]) => q > 0)
        .map(([id, quantity]) => ({ mst_item_id: Number(id), quantity }));
      await saveCart(registrantId, { lines });
      return checkout(registrantId, channel);
    },
    onSuccess: async (res) => {
      notify.success(res.message ?? 'Pesanan dibuat.');
      setQty({});
      await refresh();
    },
    onError: (err) => notify.error(errorMessage(err)),
  });
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        {items.map((i) => (
          <Group key={i.id} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={600}>
                {i.name}
              </Text>
              <Text size="xs" c="gray.7">
                {formatRupiah(i.price)}
                {i.description ? ` · ${i.description}` : ''}
              </Text>
            </div>
            <NumberInput
              aria-label={`Jumlah ${i.name}`}
              w={90}
              min={0}
              max={100}
              value={qty[i.id] ?? 0}
              onChange={(v) => setQty((q) => ({ ...q, [i.id]: Number(v) || 0 }))}
            />
          </Group>
        ))}
        <Group justify="space-between" align="flex-end">
          <Select
            label="Metode Pembayaran"
            allowDeselect={false}
            data={PURCHASE_CHANNELS.map((c) => ({ value: c, label: CHANNEL_INFO[c].label }))}
            value={channel}
            onChange={(v) => v && setChannel(v as PurchaseChannel)}
          />
          <Stack gap={2} align="flex-end">
            <Text size="sm">
              Subtotal <b>{formatRupiah(total)}</b>
            </Text>
            <Text size="xs" c="gray.7">
              Biaya admin metode pembayaran ditambahkan saat memesan.
            </Text>
          </Stack>
        </Group>
        <Button disabled={total === 0} loading={order.isPending} onClick={() => order.mutate()}>
          Pesan dan Bayar
        </Button>
      </Stack>
    </Card>
  );
}

function OrderCard({ order, registrantId }: { order: OrderView; registrantId: number }) {
  const invoice = useMutation({
    mutationFn: () => fetchInvoice(order.id),
    onSuccess: (blob) => saveBlob(blob, `Invoice Pesanan ${order.id}.pdf`),
    onError: (err) => notify.error(errorMessage(err)),
  });
  const color = order.state === 'paid' ? 'green' : order.state === 'pending' ? 'yellow' : 'gray';
  return (
    <Card withBorder radius="md" padding="md" data-testid={`order-${order.id}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>Pesanan #{order.id}</Text>
          <Badge color={color}>{order.state === 'cart' ? '' : PURCHASE_STATE_LABELS[order.state]}</Badge>
        </Group>
        {order.lines.map((l) => (
          <Group key={l.mst_item_id} justify="space-between">
            <Text size="sm">
              {l.name} × {l.quantity}
            </Text>
            <Text size="sm">{formatRupiah(l.price * l.quantity)}</Text>
          </Group>
        ))}
        {order.fee > 0 && (
          <Group justify="space-between">
            <Text size="sm">Biaya admin</Text>
            <Text size="sm">{formatRupiah(order.fee)}</Text>
          </Group>
        )}
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Total
          </Text>
          <Text fw={700}>{formatRupiah(order.total + order.fee)}</Text>
        </Group>
        {order.state === 'pending' && order.charge && <ChargeBox charge={order.charge} />}
        {order.state === 'expired' && <ExpiredOrder order={order} registrantId={registrantId} />}
        <Button variant="default" size="xs" loading={invoice.isPending} onClick={() => invoice.mutate()}>
          Unduh invoice
        </Button>
      </Stack>
    </Card>
  );
}

/** The order's payment number ran out before it was paid: say so, and offer a new number. */
function ExpiredOrder({ order, registrantId }: { order: OrderView; registrantId: number }) {
  const client = useQueryClient();
  const [channel, setChannel] = useState<PurchaseChannel>((order.channel as PurchaseChannel | null) ?? 'bni');
  const renew = useMutation({
    mutationFn: () => renewOrderCharge(order.id, channel),
    onSuccess: async (res) => {
      notify.success(res.message ?? 'Nomor pembayaran baru dibuat.');
      await client.invalidateQueries({ queryKey: orderKeys.of(registrantId) });
    },
    onError: (err) => notify.error(errorMessage(err)),
  });
  return (
    <Stack gap="xs" data-testid={`expired-order-${order.id}`}>
      <Alert color="orange" title="Pembayaran kedaluwarsa">
        Nomor pembayaran pesanan ini sudah kedaluwarsa sebelum dibayar. Pilih metode pembayaran lalu buat
        nomor baru untuk melanjutkan pesanan.
      </Alert>
      <Group align="flex-end">
        <Select
          label="Metode Pembayaran"
          data={PURCHASE_CHANNELS.map((c) => ({ value: c, label: CHANNEL_INFO[c].label }))}
          value={channel}
          onChange={(v) => v && setChannel(v as PurchaseChannel)}
          allowDeselect={false}
        />
        <Button loading={renew.isPending} onClick={() => renew.mutate()}>
          Buat Nomor Baru
        </Button>
      </Group>
    </Stack>
  );
}
