import { convenienceFee, PAYMENT_CHANNEL_OPTIONS } from '@psb/contracts/payment-setup';
import { Card, formatRupiah, Group, NumberInput, Select, Stack, Text, Title } from '@psb/ui';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useActiveFees } from './api/activeFees';

const channelLabel = (channel: string) =>
  PAYMENT_CHANNEL_OPTIONS.find((o) => o.value === channel)?.label ?? channel;

/**
 * What a parent would pay: pick a channel's active fee and a bill total, see the fee and the sum. Worked out
 * by the same `convenienceFee` the api charges with, so the preview cannot disagree with the bill.
 */
export function FeeCalculator() {
  const fees = useActiveFees();
  const [channel, setChannel] = useState<string | null>(null);
  const [total, setTotal] = useState<number>(1_000_000);
  const active = fees.data ?? [];
  const fee = active.find((f) => f.channel === channel) ?? active[0];
  const amount = fee ? convenienceFee(fee, total) : 0;
  return (
    <Card withBorder padding="md" data-testid="fee-calculator">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Simulasi Biaya Admin
        </Title>
        {fees.isError ? (
          <Text size="sm" c="red.8">
            Biaya admin gagal dimuat. Muat ulang halaman untuk mencoba lagi.
          </Text>
        ) : !fees.isLoading && active.length === 0 ? (
          <Text size="sm" c="gray.7">
            Belum ada biaya admin yang aktif.
          </Text>
        ) : (
          <>
            <Group align="flex-end" gap="md">
              <Select
                label="Kanal pembayaran"
                data={active.map((f) => ({ value: f.channel, label: channelLabel(f.channel) }))}
                value={fee?.channel ?? null}
                onChange={setChannel}
                allowDeselect={false}
                disabled={fees.isLoading}
                w={260}
                data-testid="calculator-channel"
              />
              <NumberInput
                label="Total tagihan"
                value={total}
                onChange={(v) => setTotal(typeof v === 'number' ? v : 0)}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator="."
                decimalSeparator=","
                prefix="Rp. "
                w={220}
                data-testid="calculator-total"
              />
            </Group>
            <Group gap="xs" data-testid="calculator-result" aria-live="polite">
              <Text size="sm">Total {formatRupiah(total)}</Text>
              <IconArrowRight size={14} aria-hidden />
              <Text size="sm">Biaya Admin {formatRupiah(amount)}</Text>
              <IconArrowRight size={14} aria-hidden />
              <Text size="sm" fw={700}>
                Dibayar {formatRupiah(total + amount)}
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
