import { SESSION_STORAGE_KEY as STORE_KEY, useSession } from '@psb/api-client/session';
import {
  HELD_BOOT_ID,
  mountFirstView,
  readStoredSession,
  SESSION_STORAGE_KEY,
  startHeldBoot,
  themeColor,
} from './sessionFirstView';

// jsdom has no Web Crypto; Node's is the same API.
const subtle = jest.requireActual<{ webcrypto: Crypto }>('node:crypto').webcrypto.subtle;

beforeEach(() => {
  useSession.getState().clearAll();
  useSession.getState().setSite({ theme: null });
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"><div class="psb-splash">PSB Online</div></div>';
});

describe('reading the stored session', () => {
  it('decrypts what the session store wrote, both areas and the cached colour', async () => {
    expect(SESSION_STORAGE_KEY).toBe(STORE_KEY);
    useSession.getState().setAdminSession({
      user: { id: 1, name: 'Bu Rina', email: 'r@contoh.id', phone_number: '0811', role: 'admin' },
      token: 'adm',
      role_modules: [],
    });
    useSession.getState().setSite({ theme: '#aa3300' });
    const session = await readStoredSession(localStorage.getItem(STORE_KEY), subtle);
    expect(session).toMatchObject({ admin_name: 'Bu Rina', admin_token: 'adm', token: null });
    expect(themeColor(session ?? {})).toBe('#aa3300');
    expect(themeColor({ theme: 'red;background:url(x)' })).toBe('#055837');
  });

  it('reads nothing from no session, a tampered value, something else or without Web Crypto', async () => {
    useSession.getState().setSite({ theme: '#aa3300' });
    const sealed = localStorage.getItem(STORE_KEY) as string;
    const tampered = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    expect(await readStoredSession(sealed, subtle)).not.toBeNull();
    expect(await readStoredSession(tampered, subtle)).toBeNull();
    expect(await readStoredSession(null, subtle)).toBeNull();
    expect(await readStoredSession('bukan-sesi', subtle)).toBeNull();
    expect(await readStoredSession(sealed, undefined)).toBeNull();
  });
});

describe('putting a frame in', () => {
  it('goes before #root once, only while the splash is all the app has drawn', () => {
    const build = (view: HTMLDivElement) => view.append('bingkai');
    expect(mountFirstView(document, { styles: '', color: '#123456' }, build)).toBe(true);
    expect(mountFirstView(document, { styles: '', color: '#123456' }, build)).toBe(false);
    expect(document.querySelectorAll('#psb-first-view')).toHaveLength(1);
    expect(document.getElementById('psb-first-view')?.nextElementSibling?.id).toBe('root');

    document.body.innerHTML = '<div id="root"><main>aplikasi</main></div>';
    expect(mountFirstView(document, { styles: '', color: '#123456' }, build)).toBe(false);
    expect(document.getElementById('psb-first-view')).toBeNull();
  });
});

describe('starting the held-back boot', () => {
  it('adds the preloads and the entry script once, in order', () => {
    const list = document.createElement('script');
    list.type = 'application/json';
    list.id = HELD_BOOT_ID;
    list.textContent = JSON.stringify({
      preload: [
        ['/assets/a.css', 'style'],
        ['/assets/b.js', 'script'],
      ],
      scripts: ['/assets/main.js'],
    });
    document.head.append(list);
    startHeldBoot(document);
    startHeldBoot(document);
    const links = [...document.head.querySelectorAll('link[rel="preload"]')];
    expect(links.map((l) => [l.getAttribute('href'), l.getAttribute('as')])).toEqual([
      ['/assets/a.css', 'style'],
      ['/assets/b.js', 'script'],
    ]);
    const scripts = [...document.head.querySelectorAll('script[src]')] as HTMLScriptElement[];
    expect(scripts.map((s) => [s.getAttribute('src'), s.async])).toEqual([['/assets/main.js', false]]);
    expect(document.getElementById(HELD_BOOT_ID)).toBeNull();
  });
});
