import { Alert, Card, Markdown, SimpleGrid, Stack, Title } from '@psb/ui';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { noticesQuery } from './api';

/** What staff wrote for parents (Beranda and Konfigurasi): a message, and overviews of tests and graduation. */
export function ParentNotices() {
  const { data } = useQuery(noticesQuery());
  if (!data) return null;
  const { message, test_overview, graduation_overview } = data.result;
  const overviews = [
    ['Informasi Tes', test_overview],
    ['Informasi Kelulusan', graduation_overview],
  ].filter(([, text]) => text?.trim());
  return (
    <Stack gap="sm">
      {message.trim() && (
        <Alert variant="light" icon={<IconInfoCircle size={20} aria-hidden />} data-testid="parent-message">
          <Markdown>{message}</Markdown>
        </Alert>
      )}
      {overviews.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: overviews.length }} spacing="md">
          {overviews.map(([title, text]) => (
            <Card key={title} withBorder radius="md" padding="md">
              <Title order={3} size="h5" mb="xs">
                {title}
              </Title>
              <Markdown>{text!}</Markdown>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
