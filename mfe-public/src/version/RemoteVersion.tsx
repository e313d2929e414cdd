import { Text } from '@psb/ui';

/** Which build of this remote is live; the e2e deployment test reads it. */
export function RemoteVersion() {
  return (
    <Text size="xs" c="gray.7" ta="center" mt="xl" data-testid="remote-version">
      mfe-public v{__REMOTE_VERSION__}
    </Text>
  );
}
