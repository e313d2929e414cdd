import { Card, Stack, Text } from '@psb/ui';

/**
 * Why families declined, as horizontal bars: each reason is a labelled row with its count written out, so a
 * screen reader reads the same list the bars draw (the bars themselves are decoration).
 */
export function DeclineChart({ reasons }: { reasons: { reason: string; count: number }[] }) {
  const total = reasons.reduce((sum, r) => sum + r.count, 0);
  const max = Math.max(1, ...reasons.map((r) => r.count));
  return (
    <Card withBorder padding="md" data-testid="decline-chart">
      <Text fw={600} mb="xs" id="decline-chart-title">
        Alasan penolakan
      </Text>
      {total === 0 ? (
        <Text size="sm" c="gray.7">
          Belum ada keluarga yang menolak kursi.
        </Text>
      ) : (
        <Stack
          gap={6}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="decline-chart-title"
        >
          {reasons.map((r) => (
            <li key={r.reason} data-testid="decline-reason">
              <Text size="sm">
                {r.reason}: <strong>{r.count}</strong>
              </Text>
              <div
                aria-hidden
                style={{
                  height: 10,
                  width: `${(r.count / max) * 100}%`,
                  minWidth: r.count ? 4 : 0,
                  borderRadius: 2,
                  background: 'var(--mantine-color-blue-9)',
                }}
              />
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
