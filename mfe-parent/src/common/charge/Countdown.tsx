import { formatDateTime, Text } from '@psb/ui';
import { useEffect, useState } from 'react';

const two = (n: number) => String(n).padStart(2, '0');

/** "Bayar sebelum 24 November 2026 10.00 WIB · sisa 23:59:10", ticking every second. */
export function Countdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = Math.max(0, Date.parse(until) - now);
  const s = Math.floor(left / 1000);
  const rest = `${s >= 86_400 ? `${Math.floor(s / 86_400)} hari ` : ''}${two(Math.floor((s % 86_400) / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return (
    <Text size="sm" c={left === 0 ? 'red.8' : 'gray.8'} data-testid="charge-countdown">
      Bayar sebelum {formatDateTime(until)}
      {left > 0 ? ` · sisa ${rest}` : ' · sudah kedaluwarsa'}
    </Text>
  );
}
