import { Card, Markdown, Skeleton, Stack, Text, Title } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { firstPageQuery } from '../home/api';

export default function AnnouncementPage() {
  const { data, isPending } = useQuery(firstPageQuery());
  const text = data?.result.announcement?.trim();
  return (
    <Stack gap="md">
      <Title order={2}>Pengumuman</Title>
      {isPending ? (
        <Skeleton height={120} />
      ) : (
        <Card withBorder padding="lg">
          {text ? (
            <Markdown data-testid="announcement-text">{text}</Markdown>
          ) : (
            <Text c="gray.7">Belum ada pengumuman.</Text>
          )}
        </Card>
      )}
    </Stack>
  );
}
