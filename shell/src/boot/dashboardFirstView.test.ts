import { SESSION_STORAGE_KEY, useSession } from '@psb/api-client/session';
import { dashboardViewOf, drawDashboardFirstView, showDashboardFirstView } from './dashboardFirstView';
import { endFirstView } from './firstView';
import { HELD_BOOT_ID, readStoredSession } from './sessionFirstView';

// jsdom has no Web Crypto; Node's is the same API.
const subtle = jest.requireActual<{ webcrypto: Crypto }>('node:crypto').webcrypto.subtle;
const stored = async () => {
  const session = await readStoredSession(localStorage.getItem(SESSION_STORAGE_KEY), subtle);
  return session && dashboardViewOf(session);
};
const signIn = (area: 'admin' | 'user', name: string, role: string) => {
  const signInData = {
    user: { id: 3, name, email: 'x@contoh.id', phone_number: '0811', role },
    token: `tok-${area}`,
    role_modules: [],
  };
  if (area === 'admin') useSession.getState().setAdminSession(signInData);
  else useSession.getState().setUserSession(signInData);
};

beforeEach(() => {
  useSession.getState().clearAll();
  useSession.getState().setSite({ theme: null });
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"><div class="psb-splash">PSB Online</div></div>';
});

describe('what the staff dashboard frame shows', () => {
  it("the staff member's own name and the cached foundation colour", async () => {
    signIn('user', 'Ibu Sari', 'user');
    signIn('admin', 'Pak Kepala', 'superadmin');
    useSession.getState().setSite({ theme: '#aa3300' });
    expect(await stored()).toEqual({ name: 'Pak Kepala', color: '#aa3300' });
  });

  it('nothing for a parent session, no session or a staff session without a staff role', async () => {
    signIn('user', 'Ibu Sari', 'user');
    expect(await stored()).toBeNull();
    useSession.getState().clearAll();
    expect(await stored()).toBeNull();
    expect(dashboardViewOf({ admin_token: 'adm', admin_name: 'Pak Kepala', admin_role: null })).toBeNull();
    expect(dashboardViewOf({ admin_token: 'adm', admin_name: '', admin_role: 'admin' })).toBeNull();
    expect(dashboardViewOf({ admin_token: 'adm', admin_name: 'Ibu Sari', admin_role: 'user' })).toBeNull();
    expect(dashboardViewOf({ admin_token: 'adm', admin_name: 'Bu Guru', admin_role: 'wali' })).toEqual({
      name: 'Bu Guru',
      color: '#055837',
    });
  });
});

describe('drawing the frame', () => {
  it('puts the greeting as text before #root, busy, with links of this site only', () => {
    expect(drawDashboardFirstView(document, { name: '<b>Pak</b>', color: '#123456' })).toBe(true);
    const view = document.getElementById('psb-first-view');
    expect(view?.nextElementSibling?.id).toBe('root');
    expect(view?.querySelector('h2')?.textContent).toBe('Selamat datang, <b>Pak</b>');
    expect(view?.querySelector('header')?.textContent).toContain('<b>Pak</b>');
    expect(view?.querySelector('b')).toBeNull();
    expect(view?.querySelector('[aria-busy="true"]')?.getAttribute('aria-label')).toBe('Memuat dasbor');
    expect([...(view?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual([
      '/admin/dashboard',
    ]);
    endFirstView();
    expect(document.getElementById('psb-first-view')).toBeNull();
  });

  it('starts the held-back app even when there is no staff session to draw', async () => {
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = HELD_BOOT_ID;
    list.textContent = JSON.stringify({ preload: [], scripts: ['/assets/main.js'] });
    document.head.append(list);
    await showDashboardFirstView(document);
    expect(document.getElementById('psb-first-view')).toBeNull();
    expect(document.head.querySelector('script[src="/assets/main.js"]')).not.toBeNull();
  });
});
