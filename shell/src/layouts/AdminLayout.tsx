import { useSession } from '@psb/api-client/session';
import { roleDisplayName } from '@psb/contracts/core';
import { Outlet } from '@psb/router';
import { AppShell, Badge, Burger, Button, formatToday, Group, Text, useDisclosure } from '@psb/ui';
import { useLogout } from '../session/useLogout';
import { ADMIN_SIDEBAR_WIDTH, AdminSidebar } from './AdminSidebar';
import { Brand } from './Brand';
import { loadStaffCharts, loadStaffScreens } from './staffScreens';

export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const name = useSession((s) => s.admin_name);
  const role = useSession((s) => s.admin_role);
  const logout = useLogout('admin');
  // The resource screens (zod and every resource declaration come with them) and the charts (the staff
  // area's largest chunk) are fetched ahead when the visitor reaches for the menu, not with the page: each is
  // a long evaluation on a phone, the opened page loads what it needs itself, and the landing page draws
  // neither until scrolled.
  const prefetchScreens = () => {
    void loadStaffScreens();
    void loadStaffCharts();
  };
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: ADMIN_SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              onPointerDown={prefetchScreens}
              hiddenFrom="sm"
              size="sm"
              aria-label="Buka menu"
            />
            <Brand to="/admin/dashboard" />
            <Text size="sm" c="dimmed" visibleFrom="md" data-testid="today">
              {formatToday()}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" fw={600} data-testid="admin-name" truncate maw={200}>
              {name}
            </Text>
            {role && (
              <Badge variant="light" color="gray" visibleFrom="sm" data-testid="admin-role">
                {roleDisplayName(role)}
              </Badge>
            )}
            <Button variant="default" size="xs" onClick={() => void logout()}>
              Keluar
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        style={{ display: 'flex', flexDirection: 'column' }}
        onPointerEnter={prefetchScreens}
        onFocus={prefetchScreens}
      >
        <AdminSidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
