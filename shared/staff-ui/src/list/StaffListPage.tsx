import { errorMessage } from '@psb/api-client/http';
import { Link } from '@psb/router';
import { Anchor, Card, Group, PageError, Stack, Text, Title } from '@psb/ui';
import type { ReactNode } from 'react';

/** A list with an archive beside it: the link between the two, worded the same on every staff list. */
export interface ArchiveSwitch {
  archived: boolean;
  activePath: string;
  archivedPath: string;
}

/**
 * The frame of a staff list page: the title with its one-line description (and the link between the live list
 * and its archive), the page's buttons on the right, the filters in a card, then what the page lists (counts,
 * bulk bar, the table with its paging and empty state). A list that failed before it had any rows is the error
 * with a retry instead. `actions` left out: the header is the title alone; given (even `false`): a row with
 * the buttons on the right.
 */
export function StaffListPage({
  testId,
  title,
  description,
  archive,
  actions,
  filters,
  failure,
  children,
}: {
  testId: string;
  title: string;
  description: ReactNode;
  archive?: ArchiveSwitch;
  actions?: ReactNode;
  filters: ReactNode;
  /** The list's query failed and nothing is shown yet. */
  failure?: { title: string; error: unknown; retry: () => void } | null;
  children: ReactNode;
}) {
  if (failure)
    return <PageError title={failure.title} message={errorMessage(failure.error)} onRetry={failure.retry} />;
  const heading = (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        {description}
        {archive && (
          <>
            {' '}
            <Anchor
              component={Link}
              to={archive.archived ? archive.activePath : archive.archivedPath}
              size="sm"
              underline="always"
            >
              {archive.archived ? 'Kembali ke daftar aktif' : 'Lihat data non-aktif'}
            </Anchor>
          </>
        )}
      </Text>
    </div>
  );
  return (
    <Stack gap="md" data-testid={testId}>
      {actions === undefined ? (
        heading
      ) : (
        <Group justify="space-between" align="flex-end">
          {heading}
          {actions}
        </Group>
      )}
      <Card withBorder padding="md">
        {filters}
      </Card>
      {children}
    </Stack>
  );
}
