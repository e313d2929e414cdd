import { NavLink, Outlet } from '@psb/router';
import { AppShell, Button, Container, Group } from '@psb/ui';
import type { ReactNode } from 'react';
import { Brand } from './Brand';
import { VersionFooter } from './VersionFooter';

export interface TopNavEntry {
  label: string;
  path: string;
}

interface TopNavLayoutProps {
  /** Where the brand links to. */
  home?: string;
  nav: readonly TopNavEntry[];
  /** Accessible name of the navigation landmark. */
  navLabel: string;
  /** Right side of the header: account buttons, menus. */
  actions: ReactNode;
}

/** The public and parent areas: a header with the brand and nav links, the page, the version footer. */
export function TopNavLayout({ home, nav, navLabel, actions }: TopNavLayoutProps) {
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Brand to={home} />
              <Group gap={4} visibleFrom="sm" component="nav" aria-label={navLabel}>
                {nav.map((entry) => (
                  <Button key={entry.path} component={NavLink} to={entry.path} variant="subtle" end>
                    {entry.label}
                  </Button>
                ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {actions}
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="md" mih="calc(100vh - 110px)">
          <Outlet />
        </Container>
        <VersionFooter />
      </AppShell.Main>
    </AppShell>
  );
}
