import { formatRupiah } from '@psb/contracts/core';
import { PURCHASE_STATE_LABELS } from '@psb/contracts/purchase-states';
import { Badge, Button, Card, Group, Stack, Text, UnstyledButton } from '@psb/ui';
import { IconTicket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { myPurchasesQuery } from './api';

/**
 * The dashboard's "Beli Voucher" card: buy vouchers online, and the parent's recent purchases (a tap shows the
 * payment number, or the codes once paid).
 */
export function BuyVoucherCard({ onBuy, onOpen }: { onBuy: () => void; onOpen: (id: number) => void }) {
  const purchases = useQuery(myPurchasesQuery());
  const recent = (purchases.data ?? [])
    .filter((p) => p.state === 'pending' || p.state === 'paid')
    .slice(0, 3);
  return (
    <Card withBorder radius="md" padding="md" data-testid="buy-voucher-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconTicket size={20} aria-hidden />
            <div>
              <Text fw={600}>Voucher Pendaftaran</Text>
              <Text size="sm" c="gray.7">
                Belum punya voucher? Beli secara online, bayar lewat transfer bank.
              </Text>
            </div>
          </Group>
          {/* Never shrunk below its label: the text beside it wraps instead (412 px phones). */}
          <Button size="sm" onClick={onBuy} style={{ flexShrink: 0 }}>
            Beli Voucher
          </Button>
        </Group>
        {recent.map((p) => (
          <UnstyledButton key={p.id} onClick={() => onOpen(p.id)} aria-label={`Pembelian voucher ${p.id}`}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {p.count} voucher {p.school_year_name} — {formatRupiah(p.count * p.unit_price)}
              </Text>
              <Badge color={p.state === 'paid' ? 'green' : 'yellow'} variant="light">
                {p.state === 'paid'
                  ? `${p.vouchers.filter((v) => !v.used).length} belum digunakan`
                  : PURCHASE_STATE_LABELS[p.state]}
              </Badge>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Card>
  );
}
