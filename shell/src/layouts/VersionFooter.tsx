import { Group, Text } from '@mantine/core';
import { APP_VERSION_LABEL } from '../app/version';

export function VersionFooter() {
  return (
    <Group justify="center" py="sm">
      <Text size="xs" c="dimmed">
        PSB Online <span data-testid="app-version">{APP_VERSION_LABEL}</span>
      </Text>
    </Group>
  );
}
