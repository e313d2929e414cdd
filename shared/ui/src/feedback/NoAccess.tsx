import { Stack, Text, Title } from '@mantine/core';
import { noAccessMessage } from '@psb/contracts/core';

/**
 * A page, or a part of one, the role may not read: one wording everywhere, naming what is missing and who can
 * change it. Nothing to retry — asking again gets the same answer until the role changes.
 */
export function NoAccess({ modules }: { modules: readonly string[] }) {
  return (
    <Stack align="center" gap="xs" py="xl" role="alert" data-testid="no-access">
      <Title order={3} ta="center">
        {noAccessMessage(modules)}
      </Title>
      <Text c="gray.7" ta="center" maw={480} size="sm">
        Hak baca diatur oleh admin yayasan di menu Hak Akses.
      </Text>
    </Stack>
  );
}
