import type { User } from '@psb/contracts/auth';
import type { RoleModule } from '@psb/contracts/core';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { clearDeviceDrafts, deviceDraftKey } from '../drafts/deviceDrafts';
import { encryptedStorage } from './encryptedStorage';
import { SESSION_STORAGE_KEY } from './storedSession';

/** Exactly the session keys. User (parent) and admin sessions are separate. */
export interface SessionData {
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  user_phone: string | null;
  user_role: string | null;
  token: string | null;
  role_modules: RoleModule[];
  admin_id: number | null;
  admin_name: string | null;
  admin_email: string | null;
  admin_phone: string | null;
  admin_role: string | null;
  admin_token: string | null;
  admin_role_modules: RoleModule[];
  registrant_id: number | null;
  base_url: string | null;
  subdomain: string | null;
  theme: string | null;
}

export type SessionArea = 'user' | 'admin';

export interface SignIn {
  user: Pick<User, 'id' | 'name' | 'email' | 'phone_number' | 'role'>;
  token: string;
  role_modules: RoleModule[];
}

export type ProfileUpdate = Partial<Pick<User, 'name' | 'email' | 'phone_number'>>;

export interface SessionActions {
  setUserSession(signIn: SignIn): void;
  clearUserSession(): void;
  setAdminSession(signIn: SignIn): void;
  clearAdminSession(): void;
  clearAll(): void;
  /** After a password change the server revokes the old token and hands out a new one. */
  setToken(area: SessionArea, token: string): void;
  updateProfile(area: SessionArea, profile: ProfileUpdate): void;
  /** Fresh permission flags of a signed-in area (the server changed the role's permissions). */
  setRoleModules(area: SessionArea, roleModules: RoleModule[]): void;
  setRegistrantId(id: number | null): void;
  setSite(site: Partial<Pick<SessionData, 'base_url' | 'subdomain' | 'theme'>>): void;
}

const EMPTY_USER = {
  user_id: null,
  user_name: null,
  user_email: null,
  user_phone: null,
  user_role: null,
  token: null,
  role_modules: [],
  registrant_id: null,
} satisfies Partial<SessionData>;

const EMPTY_ADMIN = {
  admin_id: null,
  admin_name: null,
  admin_email: null,
  admin_phone: null,
  admin_role: null,
  admin_token: null,
  admin_role_modules: [],
} satisfies Partial<SessionData>;

const EMPTY: SessionData = { ...EMPTY_USER, ...EMPTY_ADMIN, base_url: null, subdomain: null, theme: null };

export { SESSION_STORAGE_KEY };

export const useSession = create<SessionData & SessionActions>()(
  persist(
    (set) => ({
      ...EMPTY,
      setUserSession: ({ user, token, role_modules }) =>
        set({
          user_id: user.id,
          user_name: user.name,
          user_email: user.email,
          user_phone: user.phone_number,
          user_role: user.role,
          token,
          role_modules,
        }),
      // Ending a session also ends its drafts: they hold a child's data (see drafts/deviceDrafts.ts).
      clearUserSession: () => {
        clearDeviceDrafts();
        set(EMPTY_USER);
      },
      setAdminSession: ({ user, token, role_modules }) =>
        set({
          admin_id: user.id,
          admin_name: user.name,
          admin_email: user.email,
          admin_phone: user.phone_number,
          admin_role: user.role,
          admin_token: token,
          admin_role_modules: role_modules,
        }),
      clearAdminSession: () => {
        clearDeviceDrafts();
        set(EMPTY_ADMIN);
      },
      clearAll: () => {
        clearDeviceDrafts();
        set({ ...EMPTY_USER, ...EMPTY_ADMIN });
      },
      setToken: (area, token) => set(area === 'admin' ? { admin_token: token } : { token }),
      updateProfile: (area, profile) => {
        const prefix = area === 'admin' ? 'admin' : 'user';
        const patch: Partial<SessionData> = {};
        if (profile.name !== undefined) patch[`${prefix}_name`] = profile.name;
        if (profile.email !== undefined) patch[`${prefix}_email`] = profile.email;
        if (profile.phone_number !== undefined) patch[`${prefix}_phone`] = profile.phone_number;
        set(patch);
      },
      setRoleModules: (area, roleModules) =>
        set(area === 'admin' ? { admin_role_modules: roleModules } : { role_modules: roleModules }),
      setRegistrantId: (registrant_id) => set({ registrant_id }),
      setSite: (site) => set(site),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => encryptedStorage),
      partialize: (state): SessionData =>
        Object.fromEntries(
          Object.keys(EMPTY).map((key) => [key, state[key as keyof SessionData]]),
        ) as unknown as SessionData,
    },
  ),
);

/** Non-React access for the http client and guards. */
export const session = {
  get: () => useSession.getState(),
  isUserSignedIn: () => !!useSession.getState().token,
  isAdminSignedIn: () => !!useSession.getState().admin_token,
};

/**
 * Device key of a draft of the signed-in parent (tenant + user scoped, wiped when the session ends); null
 * without a parent session, so nothing is written once the session is gone (e.g. a save answered by 401).
 */
export function userDraftKey(form: string, id: string | number): string | null {
  const userId = useSession.getState().user_id;
  return userId === null ? null : deviceDraftKey(userId, form, id);
}
