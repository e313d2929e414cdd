import { Card, Skeleton, Stack, Text, Title } from '@psb/ui';
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
          <Text style={{ whiteSpace: 'pre-line' }}>{text || 'Belum ada pengumuman.'}</Text>
        </Card>
      )}
    </Stack>
  );
}
