import { useSession } from '@psb/api-client/session';
import { useLocation, useNavigate } from '@psb/router';
import { NavLink as MantineNavLink, Stack, Text } from '@psb/ui';
import type { MouseEvent } from 'react';
import { registeredRemotes } from '../boot/registry';
import { visibleAdminNav } from './navFilters';
import { VersionFooter } from './VersionFooter';

export const ADMIN_SIDEBAR_WIDTH = 180;

/**
 * Sidebar links: ctrl/meta-click opens a new tab; a plain click adds `t=<timestamp>` so clicking
 * the current entry again reloads the page's data.
 */
function SidebarLink({ label, path, onNavigate }: { label: string; path: string; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) {
      window.open(path, '_blank', 'noopener');
      return;
    }
    navigate(`${path}?t=${Date.now()}`);
    onNavigate?.();
  };
  const current = pathname === path;
  return (
    <MantineNavLink
      component="a"
      href={path}
      label={label}
      active={current}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
    />
  );
}

export function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const role = useSession((s) => s.admin_role);
  const roleModules = useSession((s) => s.admin_role_modules);
  const groups = visibleAdminNav({ role, roleModules, registered: registeredRemotes() });
  return (
    <>
      {/* The browser's own scrolling: Mantine's ScrollArea measures itself in layout effects as it mounts, a
          synchronous render at the end of the app's first commit (see useAfterFirstCommit). */}
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <Stack gap={0} component="nav" aria-label="Menu admin" data-testid="admin-sidebar">
          <SidebarLink label="Dashboard" path="/admin/dashboard" onNavigate={onNavigate} />
          {groups.map((group) => (
            <Stack key={group.label} gap={0} mt="sm">
              <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" py={4}>
                {group.label}
              </Text>
              {group.items.map((item) => (
                <SidebarLink key={item.path} label={item.label} path={item.path} onNavigate={onNavigate} />
              ))}
            </Stack>
          ))}
        </Stack>
      </div>
      <VersionFooter />
    </>
  );
}
