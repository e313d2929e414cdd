import { Link } from '@psb/router';
import { Group, Text, ThemeIcon, UnstyledButton } from '@psb/ui';

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="PSB Online, ke beranda">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={32} radius="md" aria-hidden>
          <Text fw={800} size="xs">
            PSB
          </Text>
        </ThemeIcon>
        <Text fw={700} c="brand" visibleFrom="xs">
          PSB Online
        </Text>
      </Group>
    </UnstyledButton>
  );
}
