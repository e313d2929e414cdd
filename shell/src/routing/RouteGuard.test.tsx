import { useSession } from '@psb/api-client/session';
import type { RoleModule } from '@psb/contracts/core';
import { RouterProvider } from '@psb/router';
import { createMemoryRouter } from '@psb/router/testing';
import { MantineProvider } from '@psb/ui';
import { render, screen } from '@testing-library/react';
import { buildRoutes, renderPage } from './routeTable';

/** The real router table; remote pages are replaced by a marker so no remote has to load. */
function renderAt(path: string) {
  const routes = buildRoutes((route) =>
    route.remote === 'shell' ? renderPage(route) : <p>halaman {route.path}</p>,
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { router };
}

const user = { id: 7, name: 'Budi', email: null, phone_number: '0812345678', role: 'user' };

beforeEach(() => {
  useSession.getState().clearAll();
});

describe('route guards', () => {
  it('sends an unauthenticated visitor of /home to /404, which offers to sign in and come back', async () => {
    const { router } = renderAt('/home');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    expect(router.state.location.search).toBe('?source_uri=%2F&request_uri=%2Fhome');
    expect(screen.getByRole('link', { name: 'Masuk' })).toHaveAttribute('href', '/?modal=login&next=%2Fhome');
  });

  it('offers the admin login for an admin page', async () => {
    renderAt('/admin/dashboard');
    expect(await screen.findByRole('link', { name: 'Masuk' })).toHaveAttribute(
      'href',
      '/admin?next=%2Fadmin%2Fdashboard',
    );
  });

  it('sends a signed-in parent at an admin page to /401 and keeps the parent session', async () => {
    useSession.getState().setUserSession({ user, token: 'u', role_modules: [] });
    const { router } = renderAt('/admin/dashboard');
    expect(await screen.findByTestId('unauthorized-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');
    expect(useSession.getState().token).toBe('u');
  });

  it('lets a signed-in parent open /home', async () => {
    useSession.getState().setUserSession({ user, token: 'u', role_modules: [] });
    renderAt('/home');
    expect(await screen.findByText('halaman /home')).toBeInTheDocument();
  });

  it('sends a signed-in account with a role the route does not list to /401', async () => {
    useSession.getState().setAdminSession({ user, token: 'a', role_modules: [] });
    const { router } = renderAt('/admin/dashboard');
    expect(await screen.findByTestId('unauthorized-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/401');
  });

  it('takes down a first view drawn for the page when the guard sends the visitor elsewhere', async () => {
    const frame = document.createElement('div');
    frame.id = 'psb-first-view';
    document.body.append(frame);
    useSession.getState().setAdminSession({ user, token: 'a', role_modules: [] });
    renderAt('/admin/dashboard');
    expect(await screen.findByTestId('unauthorized-page')).toBeInTheDocument();
    expect(document.getElementById('psb-first-view')).toBeNull();
  });

  it('tells staff which rights a page lacks instead of opening it half-working', async () => {
    const teacher = { ...user, id: 8, role: 'teacher' };
    const flags = (name: string, read: 0 | 1): RoleModule => ({
      mst_module_name: name,
      read_action: read,
      insert_action: 0,
      update_action: 0,
      delete_action: 0,
    });
    useSession.getState().setAdminSession({
      user: teacher,
      token: 'a',
      role_modules: [flags('Jadwal Tes/Observasi', 1), flags('Periode Pendaftaran', 1), flags('Tipe Tes', 0)],
    });
    renderAt('/admin/registrant/test');
    expect(await screen.findByTestId('no-access')).toHaveTextContent(
      'Anda tidak memiliki akses ke Tipe Tes.',
    );
    expect(screen.queryByText('halaman /admin/registrant/test')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Coba lagi' })).toBeNull();
  });

  it('shows the 404 page for an unknown path, without a login offer', async () => {
    renderAt('/tidak/ada');
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Masuk' })).toBeNull();
  });
});
