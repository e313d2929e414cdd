import { SESSION_STORAGE_KEY as STORE_KEY, useSession } from '@psb/api-client/session';
import { endFirstView } from './firstView';
import { drawHomeFirstView, readHomeFirstView, showHomeFirstView } from './homeFirstView';
import { HELD_BOOT_ID, SESSION_STORAGE_KEY } from './sessionFirstView';

// jsdom has no Web Crypto; Node's is the same API.
const subtle = jest.requireActual<{ webcrypto: Crypto }>('node:crypto').webcrypto.subtle;
const SPLASH = '<div id="root"><div class="psb-splash">PSB Online</div></div>';

const signInParent = (name: string) =>
  useSession.getState().setUserSession({
    user: { id: 7, name, email: 'ortu@contoh.id', phone_number: '0812', role: 'user' },
    token: 'tok-7',
    role_modules: [],
  });

beforeEach(() => {
  useSession.getState().clearAll();
  useSession.getState().setSite({ theme: null });
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = SPLASH;
});

describe('reading the stored session', () => {
  it('decrypts what the session store wrote: the parent name and the cached foundation colour', async () => {
    expect(SESSION_STORAGE_KEY).toBe(STORE_KEY);
    signInParent('Ibu Sari');
    useSession.getState().setSite({ theme: '#aa3300' });
    const view = await readHomeFirstView(localStorage.getItem(STORE_KEY), subtle);
    expect(view).toEqual({ name: 'Ibu Sari', color: '#aa3300' });
  });

  it('draws nothing for a staff session, no session, a tampered value or no Web Crypto', async () => {
    useSession.getState().setAdminSession({
      user: { id: 1, name: 'Admin', email: 'a@contoh.id', phone_number: '0811', role: 'superadmin' },
      token: 'adm',
      role_modules: [],
    });
    const staffOnly = localStorage.getItem(STORE_KEY);
    expect(await readHomeFirstView(staffOnly, subtle)).toBeNull();
    expect(await readHomeFirstView(null, subtle)).toBeNull();
    signInParent('Ibu Sari');
    const sealed = localStorage.getItem(STORE_KEY) as string;
    const tampered = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    expect(await readHomeFirstView(tampered, subtle)).toBeNull();
    expect(await readHomeFirstView('bukan-sesi', subtle)).toBeNull();
    expect(await readHomeFirstView(sealed, undefined)).toBeNull();
  });

  it('falls back to the default colour when none is cached', async () => {
    signInParent('Pak Budi');
    expect(await readHomeFirstView(localStorage.getItem(STORE_KEY), subtle)).toEqual({
      name: 'Pak Budi',
      color: '#055837',
    });
  });
});

describe('drawing the frame', () => {
  it('puts the greeting as text before #root, busy, and the app removes it when its page renders', () => {
    expect(drawHomeFirstView(document, { name: '<b>Ibu</b>', color: '#123456' })).toBe(true);
    const view = document.getElementById('psb-first-view');
    expect(view?.nextElementSibling?.id).toBe('root');
    expect(view?.querySelector('h2')?.textContent).toBe('Selamat datang, <b>Ibu</b>');
    expect(view?.querySelector('b')).toBeNull();
    expect(view?.querySelector('[aria-busy="true"]')?.getAttribute('aria-label')).toBe('Memuat beranda');
    expect(drawHomeFirstView(document, { name: 'Lagi', color: '#123456' })).toBe(false);
    endFirstView();
    expect(document.getElementById('psb-first-view')).toBeNull();
  });

  it('does not draw once the app has replaced the splash', () => {
    document.body.innerHTML = '<div id="root"><main>aplikasi</main></div>';
    expect(drawHomeFirstView(document, { name: 'Ibu Sari', color: '#123456' })).toBe(false);
    expect(document.getElementById('psb-first-view')).toBeNull();
  });
});

describe('starting the app', () => {
  it('starts the held-back boot even when there is no parent session to draw', async () => {
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = HELD_BOOT_ID;
    list.textContent = JSON.stringify({ preload: [], scripts: ['/assets/main.js'] });
    document.head.append(list);
    await showHomeFirstView(document);
    expect(document.getElementById('psb-first-view')).toBeNull();
    expect(document.head.querySelector('script[src="/assets/main.js"]')).not.toBeNull();
  });
});
