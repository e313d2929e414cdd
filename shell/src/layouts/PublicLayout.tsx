import { useSession } from '@psb/api-client';
import { Link, NavLink, Outlet, useLocation, useNavigate } from '@psb/router';
import { AppShell, Burger, Button, Container, Group, Menu } from '@psb/ui';
import { Brand } from './Brand';
import { visiblePublicNav } from './navFilters';
import { VersionFooter } from './VersionFooter';

/** Header with Home, Contact, Pengumuman and the login/register buttons, which mfe-public's home opens as modals. */
export function PublicLayout() {
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.token);
  // The staff login page has its own form; parent login/register buttons there would only confuse.
  const onStaffLogin = useLocation().pathname === '/admin';
  const nav = visiblePublicNav();
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Brand />
              <Group gap={4} visibleFrom="sm" component="nav" aria-label="Navigasi utama">
                {nav.map((entry) => (
                  <Button key={entry.path} component={NavLink} to={entry.path} variant="subtle" end>
                    {entry.label}
                  </Button>
                ))}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {onStaffLogin ? null : signedIn ? (
                <Button component={Link} to="/home">
                  Beranda Saya
                </Button>
              ) : (
                <>
                  <Button variant="default" onClick={() => navigate('/?modal=login')} data-testid="nav-login">
                    Masuk
                  </Button>
                  <Button onClick={() => navigate('/?modal=register')} data-testid="nav-register">
                    Daftar
                  </Button>
                </>
              )}
              <Menu position="bottom-end">
                <Menu.Target>
                  <Burger hiddenFrom="sm" size="sm" aria-label="Buka menu" />
                </Menu.Target>
                <Menu.Dropdown>
                  {nav.map((entry) => (
                    <Menu.Item key={entry.path} component={Link} to={entry.path}>
                      {entry.label}
                    </Menu.Item>
                  ))}
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
