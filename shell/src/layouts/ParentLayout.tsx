import { useSession } from '@psb/api-client';
import { Link, NavLink, Outlet } from '@psb/router';
import { AppShell, Button, Container, Group, Menu } from '@psb/ui';
import { useLogout } from '../session/useLogout';
import { Brand } from './Brand';
import { visibleParentNav } from './navFilters';
import { VersionFooter } from './VersionFooter';

export function ParentLayout() {
  const name = useSession((s) => s.user_name);
  const role = useSession((s) => s.user_role);
  const roleModules = useSession((s) => s.role_modules);
  const logout = useLogout('user');
  const nav = visibleParentNav({ role, roleModules });
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Brand to="/home" />
              <Group gap={4} visibleFrom="sm" component="nav" aria-label="Navigasi orang tua">
                {nav.map((entry) => (
                  <Button key={entry.path} component={NavLink} to={entry.path} variant="subtle" end>
                    {entry.label}
                  </Button>
                ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" data-testid="user-menu">
                    {name ?? 'Akun'}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {nav.map((entry) => (
                    <Menu.Item key={entry.path} component={Link} to={entry.path} hiddenFrom="sm">
                      {entry.label}
                    </Menu.Item>
                  ))}
                  <Menu.Item component={Link} to="/profile">
                    Profil
                  </Menu.Item>
                  <Menu.Item color="red" onClick={() => void logout()}>
                    Logout
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
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
