import type { StateStorage } from 'zustand/middleware';
import { decrypt, encrypt } from './cipher';
import { takeEarlyRead } from './earlyRead';

const backing = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** localStorage with every value encrypted; an unreadable value counts as absent. */
export const encryptedStorage: StateStorage = {
  getItem(name) {
    const raw = backing()?.getItem(name);
    // Usually already decrypted by the shell's entry with Web Crypto (earlyRead.ts).
    return raw ? (takeEarlyRead(raw) ?? decrypt(raw)) : null;
  },
  setItem(name, value) {
    backing()?.setItem(name, encrypt(value));
  },
  removeItem(name) {
    backing()?.removeItem(name);
  },
};
