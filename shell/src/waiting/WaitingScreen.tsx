import { useWaitingLine } from '@psb/api-client/http';
import { waitText } from '@psb/contracts/core';
import { Loader, Overlay, Paper, Portal, Stack, Text, Title } from '@psb/ui';
import { useEffect, useState } from 'react';

/** Seconds until the next automatic try, counted down on screen. */
function useSecondsUntil(at: number | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The waiting room as parents see it: over the page (which stays as it is, with everything typed), their
 * place in line and the estimate, updated on every automatic try; it goes away when the server lets them in.
 */
export function WaitingScreen() {
  const wait = useWaitingLine((s) => s.wait);
  const seconds = useSecondsUntil(wait?.nextTryAt);
  if (!wait) return null;
  return (
    <Portal>
      <Overlay fixed blur={2} zIndex={2100} center backgroundOpacity={0.55}>
        <Paper
          p="xl"
          radius="md"
          shadow="md"
          maw={420}
          mx="md"
          role="dialog"
          aria-modal="true"
          aria-labelledby="waiting-room-title"
          aria-describedby="waiting-room-text"
          data-testid="waiting-room"
        >
          <Stack align="center" gap="sm" ta="center">
            <Loader aria-hidden="true" />
            <Title order={2} size="h3" id="waiting-room-title">
              Anda dalam antrean…
            </Title>
            <div role="status" aria-live="polite" id="waiting-room-text">
              <Text fw={600} data-testid="waiting-position">
                Nomor antrean Anda: {wait.position}
              </Text>
              <Text data-testid="waiting-estimate">
                Perkiraan waktu tunggu: {waitText(wait.estimatedSeconds)}
              </Text>
            </div>
            <Text size="sm" c="gray.7">
              Banyak orang tua mendaftar bersamaan. Kami mencoba lagi otomatis dalam {Math.max(1, seconds)}{' '}
              detik. Jangan tutup atau muat ulang halaman ini; data yang sudah Anda isi tetap tersimpan.
            </Text>
          </Stack>
        </Paper>
      </Overlay>
    </Portal>
  );
}
