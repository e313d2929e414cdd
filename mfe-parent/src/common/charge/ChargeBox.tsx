import { CHANNEL_INFO, type ChargeView, formatRupiah } from '@psb/contracts/payments';
import { Button, CopyButton, Group, List, Paper, Stack, Text } from '@psb/ui';
import { Countdown } from './Countdown';
import { QrisImage } from './QrisImage';

/**
 * The number to pay with (VA, Mandiri company code + bill key, or QRIS), the amount, expiry and the steps. The
 * QRIS image is served per registrant, so purchases outside a registrant (vouchers) offer no QRIS.
 */
export function ChargeBox({ charge, registrantId }: { charge: ChargeView; registrantId?: number }) {
  const info = CHANNEL_INFO[charge.channel];
  const number = charge.channel === 'mandiri' ? charge.bill_key : charge.va_number;
  return (
    <Paper withBorder radius="md" p="md" data-testid="charge-box">
      <Stack gap="xs">
        <Text fw={600}>{info.label}</Text>
        {charge.channel === 'mandiri' && charge.biller_code && (
          <Text size="sm">
            Kode perusahaan: <b>{charge.biller_code}</b>
          </Text>
        )}
        {charge.channel === 'qris'
          ? registrantId !== undefined && <QrisImage registrantId={registrantId} chargeId={charge.id} />
          : number && (
              <Group gap="xs" align="center">
                <div>
                  <Text size="xs" c="gray.7">
                    {info.numberLabel}
                  </Text>
                  <Text ff="monospace" fz="xl" fw={700} data-testid="va-number">
                    {number}
                  </Text>
                </div>
                <CopyButton value={number}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? 'Tersalin' : 'Salin'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            )}
        <Text size="sm">
          Jumlah yang dibayar: <b>{formatRupiah(charge.gross_amount)}</b>
          {charge.fee_amount > 0 && ` (termasuk biaya admin ${formatRupiah(charge.fee_amount)})`}
        </Text>
        {charge.expires_at && <Countdown until={charge.expires_at} />}
        <List size="sm" type="ordered" spacing={2}>
          {info.steps.map((s) => (
            <List.Item key={s}>{s}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
