import { type BackgroundJob, JOB_STATUSES } from '@psb/contracts/notifications';
import { Badge, Group, Progress, Stack, Text } from '@psb/ui';

// Dot badges: the colour is the dot, the text stays dark (readable on striped rows too).
const COLORS = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' } as const;

export function JobStatusBadge({ status }: { status: BackgroundJob['status'] }) {
  return (
    <Badge color={COLORS[status]} variant="dot" tt="none">
      {JOB_STATUSES[status]}
    </Badge>
  );
}

/** Done out of total (with failures named), as a bar and in words. */
export function JobProgress({ job }: { job: BackgroundJob }) {
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : job.status === 'done' ? 100 : 0;
  return (
    <Stack gap={4} miw={180}>
      <Progress
        value={percent}
        color={job.failed > 0 ? 'orange' : 'blue'}
        aria-label={`Progres ${percent}%`}
      />
      <Group gap="xs">
        <Text size="xs" c="gray.7">
          {job.done} dari {job.total}
        </Text>
        {job.failed > 0 && (
          <Text size="xs" c="red.9">
            {job.failed} gagal
          </Text>
        )}
      </Group>
    </Stack>
  );
}
