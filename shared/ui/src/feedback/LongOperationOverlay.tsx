import { Loader, Overlay, Portal, Stack, Text } from '@mantine/core';
import { useLongOperationRunning } from './longOperation';

export const LONG_OPERATION_TEXT = 'Mohon menunggu. Jangan tutup halaman ini.';

/** Full-screen blocking overlay for long operations. `visible` forces it; otherwise it follows longOperation. */
export function LongOperationOverlay({ visible }: { visible?: boolean }) {
  const running = useLongOperationRunning();
  if (!(visible ?? running)) return null;
  return (
    <Portal>
      <Overlay fixed blur={2} zIndex={2000} center backgroundOpacity={0.45}>
        <Stack align="center" gap="sm" role="alertdialog" aria-live="assertive" aria-busy="true">
          <Loader color="white" />
          <Text c="white" fw={600}>
            {LONG_OPERATION_TEXT}
          </Text>
        </Stack>
      </Overlay>
    </Portal>
  );
}
