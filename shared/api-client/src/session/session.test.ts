import { clearDeviceDrafts, deviceDraftKey } from '../drafts/deviceDrafts';
import { decrypt, encrypt } from './cipher';
import { SESSION_STORAGE_KEY, userDraftKey, useSession } from './sessionStore';

const parent = {
  user: { id: 7, name: 'Budi Santoso', email: 'budi@example.id', phone_number: '081234567890', role: 'user' },
  token: 'user-token-secret-123',
  role_modules: [],
};
const staff = {
  user: { id: 1, name: 'Admin Satu', email: 'admin@example.id', phone_number: null, role: 'superadmin' },
  token: 'admin-token-secret-456',
  role_modules: [
    {
      mst_module_name: 'Token',
      read_action: 1,
      insert_action: 0,
      update_action: 0,
      delete_action: 0,
    } as const,
  ],
};

beforeEach(() => {
  useSession.getState().clearAll();
  localStorage.clear();
});

describe('cipher', () => {
  it('round-trips text and uses a fresh nonce each time', () => {
    const a = encrypt('halo dunia');
    const b = encrypt('halo dunia');
    expect(a).not.toBe(b);
    expect(decrypt(a)).toBe('halo dunia');
    expect(decrypt(b)).toBe('halo dunia');
  });

  it('reads a session sealed with SHA-256 of the fixed secret as its key (what every stored session used)', () => {
    const { createCipheriv, createHash, randomBytes } =
      require('node:crypto') as typeof import('node:crypto');
    const key = createHash('sha256').update('psb-online/session/v1').digest();
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const sealed = Buffer.concat([
      nonce,
      cipher.update('sesi lama', 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    expect(decrypt(sealed.toString('base64'))).toBe('sesi lama');
  });

  it('rejects tampered or foreign values', () => {
    const sealed = encrypt('rahasia');
    const flipped = `${sealed.slice(0, -4)}${sealed.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(decrypt(flipped)).toBeNull();
    expect(decrypt('{"state":{}}')).toBeNull();
  });
});

describe('session store', () => {
  it('stores the session encrypted, never as plaintext', () => {
    useSession.getState().setUserSession(parent);
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    expect(raw).toBeTruthy();
    expect(raw).not.toContain('user-token-secret-123');
    expect(raw).not.toContain('Budi');
    const stored = JSON.parse(decrypt(raw as string) as string);
    expect(stored.state).toMatchObject({
      token: 'user-token-secret-123',
      user_name: 'Budi Santoso',
      user_role: 'user',
    });
  });

  it('persists exactly the session keys', () => {
    useSession.getState().setAdminSession(staff);
    const stored = JSON.parse(decrypt(localStorage.getItem(SESSION_STORAGE_KEY) as string) as string);
    expect(Object.keys(stored.state).sort()).toEqual(
      [
        'user_id',
        'user_name',
        'user_email',
        'user_phone',
        'user_role',
        'token',
        'role_modules',
        'admin_id',
        'admin_name',
        'admin_email',
        'admin_phone',
        'admin_role',
        'admin_token',
        'admin_role_modules',
        'registrant_id',
        'base_url',
        'subdomain',
        'theme',
      ].sort(),
    );
  });

  it('restores the session from storage after a reload', async () => {
    useSession.getState().setUserSession(parent);
    const raw = localStorage.getItem(SESSION_STORAGE_KEY) as string;
    useSession.setState({ token: null, user_name: null });
    localStorage.setItem(SESSION_STORAGE_KEY, raw);
    await useSession.persist.rehydrate();
    expect(useSession.getState()).toMatchObject({
      token: 'user-token-secret-123',
      user_name: 'Budi Santoso',
    });
  });

  it('keeps user and admin sessions apart', () => {
    const s = useSession.getState();
    s.setUserSession(parent);
    s.setAdminSession(staff);
    useSession.getState().clearAdminSession();
    expect(useSession.getState()).toMatchObject({
      token: 'user-token-secret-123',
      admin_token: null,
      admin_name: null,
    });
    useSession.getState().setAdminSession(staff);
    useSession.getState().clearUserSession();
    expect(useSession.getState()).toMatchObject({
      token: null,
      user_name: null,
      admin_token: 'admin-token-secret-456',
    });
    useSession.getState().clearAll();
    expect(useSession.getState()).toMatchObject({ token: null, admin_token: null });
  });
});

describe('form drafts on the device', () => {
  it('are keyed by tenant and user, and only exist with a parent session', () => {
    expect(userDraftKey('survey', 3)).toBeNull();
    useSession.getState().setUserSession(parent);
    expect(userDraftKey('survey', 3)).toBe('psb-draft:demo:7:survey:3');
    expect(deviceDraftKey(7, 'survey', 3, 'sekolah-a')).not.toBe(deviceDraftKey(7, 'survey', 3, 'sekolah-b'));
  });

  it.each([
    ['logout of the parent area', () => useSession.getState().clearUserSession()],
    ['logout of the staff area', () => useSession.getState().clearAdminSession()],
    ['a 401 (both sessions cleared)', () => useSession.getState().clearAll()],
  ])('are all wiped at %s, other keys stay', (_, end) => {
    useSession.getState().setUserSession(parent);
    localStorage.setItem(userDraftKey('survey', 3) as string, '{"answers":{"1":"Budi"}}');
    localStorage.setItem(deviceDraftKey(9, 'survey', 4, 'sekolah-b'), '{}');
    localStorage.setItem('psb-survey-draft:5', '{}');
    localStorage.setItem('unrelated', 'x');
    end();
    expect(Object.keys({ ...localStorage }).sort()).toEqual([SESSION_STORAGE_KEY, 'unrelated'].sort());
    clearDeviceDrafts();
  });
});
