import { decrypt, encrypt } from './cipher';
import { readSessionEarly, takeEarlyRead } from './earlyRead';
import { SESSION_STORAGE_KEY, useSession } from './sessionStore';

// jsdom has no Web Crypto; Node's is the same API.
const subtle = jest.requireActual<{ webcrypto: Crypto }>('node:crypto').webcrypto.subtle;

const parent = {
  user: { id: 7, name: 'Budi Santoso', email: 'budi@example.id', phone_number: '0812', role: 'user' },
  token: 'user-token-secret-123',
  role_modules: [],
};

beforeEach(() => {
  useSession.getState().clearAll();
  localStorage.clear();
  takeEarlyRead('');
});

describe('early read of the stored session (Web Crypto)', () => {
  it('decrypts what the store wrote, the same text as the pure-JS cipher, handed out once', async () => {
    useSession.getState().setUserSession(parent);
    const stored = localStorage.getItem(SESSION_STORAGE_KEY) as string;
    await readSessionEarly(localStorage, subtle);
    expect(takeEarlyRead(stored)).toBe(decrypt(stored));
    expect(takeEarlyRead(stored)).toBeUndefined();
  });

  it('hands out nothing for another stored value, a tampered one or without Web Crypto', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, encrypt('{"state":{},"version":0}'));
    await readSessionEarly(localStorage, subtle);
    expect(takeEarlyRead(encrypt('{"state":{},"version":0}'))).toBeUndefined();

    const sealed = encrypt('rahasia');
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      `${sealed.slice(0, -4)}${sealed.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`,
    );
    await readSessionEarly(localStorage, subtle);
    expect(takeEarlyRead(localStorage.getItem(SESSION_STORAGE_KEY) as string)).toBeUndefined();

    localStorage.setItem(SESSION_STORAGE_KEY, sealed);
    await readSessionEarly(localStorage, undefined);
    expect(takeEarlyRead(sealed)).toBeUndefined();
  });

  it('lets a store that loads afterwards start signed in without the pure-JS cipher', async () => {
    useSession.getState().setUserSession(parent);
    await readSessionEarly(localStorage, subtle);
    jest.isolateModules(() => {
      jest.doMock('./cipher', () => ({
        ...jest.requireActual('./cipher'),
        decrypt: () => {
          throw new Error('the pure-JS cipher ran');
        },
      }));
      const { useSession: loaded } = require('./sessionStore') as typeof import('./sessionStore');
      expect(loaded.getState()).toMatchObject({ token: 'user-token-secret-123', user_name: 'Budi Santoso' });
    });
  });
});
