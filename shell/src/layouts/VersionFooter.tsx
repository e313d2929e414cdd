import { Group, Text } from '@psb/ui';
import { APP_VERSION_LABEL } from '../app/version';

export function VersionFooter() {
  return (
    <Group justify="center" py="sm">
      <Text size="xs" c="gray.7">
        PSB Online <span data-testid="app-version">{APP_VERSION_LABEL}</span>
      </Text>
    </Group>
  );
}
