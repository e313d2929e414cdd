import { Stack, Text, Title } from '@psb/ui';
import type { ReactNode } from 'react';

/** A Pengaturan page: its title, what it changes for parents, then its sections. */
export function SettingsPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" maw={900}>
      <Stack gap={2}>
        <Title order={2}>{title}</Title>
        <Text size="sm" c="gray.7">
          {intro}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}
