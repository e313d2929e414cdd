import { useSession } from '@psb/api-client/session';
import { Link } from '@psb/router';
import { Button, Menu } from '@psb/ui';
import { useLogout } from '../session/useLogout';
import { HeaderMenu } from './HeaderMenu';
import { visibleParentNav } from './navFilters';
import { TopNavLayout } from './TopNavLayout';

export function ParentLayout() {
  const name = useSession((s) => s.user_name);
  const role = useSession((s) => s.user_role);
  const roleModules = useSession((s) => s.role_modules);
  const logout = useLogout('user');
  const nav = visibleParentNav({ role, roleModules });
  return (
    <TopNavLayout
      home="/home"
      nav={nav}
      navLabel="Navigasi orang tua"
      actions={
        <HeaderMenu
          position="bottom-end"
          withinPortal
          target={
            <Button variant="default" data-testid="user-menu">
              {name ?? 'Akun'}
            </Button>
          }
        >
          <Menu.Dropdown>
            {/* On a phone the nav links live in this menu. */}
            {nav.map((entry) => (
              <Menu.Item key={entry.path} component={Link} to={entry.path} hiddenFrom="sm">
                {entry.label}
              </Menu.Item>
            ))}
            <Menu.Item component={Link} to="/profile">
              Profil
            </Menu.Item>
            <Menu.Item color="red" onClick={() => void logout()}>
              Keluar
            </Menu.Item>
          </Menu.Dropdown>
        </HeaderMenu>
      }
    />
  );
}
