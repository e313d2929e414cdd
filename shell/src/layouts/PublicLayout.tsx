import { useSession } from '@psb/api-client/session';
import { Link, useLocation, useNavigate } from '@psb/router';
import { Burger, Button, Menu } from '@psb/ui';
import { HeaderMenu } from './HeaderMenu';
import { visiblePublicNav } from './navFilters';
import { TopNavLayout } from './TopNavLayout';

/** Header with Home, Contact, Pengumuman and the login/register buttons, which mfe-public's home opens as modals. */
export function PublicLayout() {
  const navigate = useNavigate();
  const signedIn = useSession((s) => !!s.token);
  // The staff login page has its own form; parent login/register buttons there would only confuse.
  const onStaffLogin = useLocation().pathname === '/admin';
  const nav = visiblePublicNav();
  return (
    <TopNavLayout
      nav={nav}
      navLabel="Navigasi utama"
      actions={
        <>
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
          <HeaderMenu
            position="bottom-end"
            target={<Burger hiddenFrom="sm" size="sm" aria-label="Buka menu" />}
          >
            <Menu.Dropdown>
              {nav.map((entry) => (
                <Menu.Item key={entry.path} component={Link} to={entry.path}>
                  {entry.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </HeaderMenu>
        </>
      }
    />
  );
}
