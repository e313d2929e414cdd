import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSession } from '@psb/api-client';

/** A shell page until the reports remote brings the real dashboard. */
export function AdminDashboardPage() {
  const name = useSession((s) => s.admin_name);
  const role = useSession((s) => s.admin_role);
  return (
    <Stack gap="md">
      <Title order={2}>Dashboard</Title>
      <Card withBorder padding="lg" data-testid="admin-dashboard">
        <Stack gap="xs">
          <Text size="lg">
            Selamat datang, <strong>{name}</strong>
          </Text>
          <Group gap="xs">
            <Text c="dimmed">Peran:</Text>
            <Badge variant="light">{role}</Badge>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
