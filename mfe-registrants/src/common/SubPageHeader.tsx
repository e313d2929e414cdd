import { Link } from '@psb/router';
import { Anchor, Text, Title } from '@psb/ui';
import type { ReactNode } from 'react';

/** The title of a page reached from the registrant list, with what it is for and the way back to the list. */
export function SubPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text size="sm" c="gray.7">
        {children}{' '}
        <Anchor component={Link} to="/admin/registrant" size="sm" underline="always">
          Kembali ke daftar calon murid
        </Anchor>
      </Text>
    </div>
  );
}
