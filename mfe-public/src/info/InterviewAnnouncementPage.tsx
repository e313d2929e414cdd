import { Button, Card, List, Markdown, Skeleton, Stack, Text, Title } from '@psb/ui';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { firstPageQuery } from '../home/api';
import { contentQuery, interviewGuidePdfUrl } from './api';
import { StatusCheck } from './StatusCheck';

interface InterviewAnnouncement {
  title?: string;
  body?: string;
  schedule?: string[];
}

/**
 * /interview_announcement (public) and /parent/interview_announcement: the general announcement of
 * first_page, the interview announcement (config), the interview guide PDF and the status check.
 */
export function InterviewAnnouncementPage() {
  const first = useQuery(firstPageQuery());
  const { data, isPending } = useQuery(
    contentQuery<InterviewAnnouncement | string>('interview_announcement'),
  );
  const content: InterviewAnnouncement = typeof data === 'string' ? { body: data } : (data ?? {});
  const general = first.data?.result.announcement?.trim();
  return (
    <Stack gap="md">
      <Title order={2}>Pengumuman</Title>
      {general && (
        <Card withBorder radius="md" padding="lg" data-testid="general-announcement">
          <Markdown>{general}</Markdown>
        </Card>
      )}
      {isPending ? (
        <Skeleton height={180} />
      ) : (
        <Card withBorder radius="md" padding="lg" data-testid="interview-announcement">
          <Stack gap="sm">
            <Title order={3}>{content.title || 'Pengumuman Wawancara'}</Title>
            {content.body ? (
              <Markdown>{content.body}</Markdown>
            ) : (
              <Text c="gray.7">Belum ada pengumuman wawancara.</Text>
            )}
            {content.schedule && content.schedule.length > 0 && (
              <List spacing="xs">
                {content.schedule.map((s) => (
                  <List.Item key={s}>{s}</List.Item>
                ))}
              </List>
            )}
            <Button
              component="a"
              href={interviewGuidePdfUrl()}
              target="_blank"
              rel="noopener"
              variant="light"
              w="fit-content"
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
            >
              Unduh Panduan Wawancara (PDF)
            </Button>
          </Stack>
        </Card>
      )}
      <StatusCheck />
    </Stack>
  );
}

export default InterviewAnnouncementPage;
