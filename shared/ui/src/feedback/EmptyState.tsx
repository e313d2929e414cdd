import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="empty-state">
      {icon}
      <Title order={4} ta="center">
        {title}
      </Title>
      {description && (
        <Text c="gray.7" ta="center" maw={480} size="sm">
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
