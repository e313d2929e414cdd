import type { RoleModule } from '@psb/contracts';
import { setupTestApp, type TestContext, tokenFor } from './helpers';
import { staffWith } from './staff';

export const SUPERADMIN = 'superadmin@demo.sch.id';

type SetupOptions = NonNullable<Parameters<typeof setupTestApp>[0]>;

export interface AppPerFileOptions extends SetupOptions {
  /** Sign the demo superadmin in once the app is up (default); off where a test counts sign-ins. */
  signIn?: boolean;
  /** Runs after the file's tests, before the app closes (e.g. waiting for a simulator to go quiet). */
  beforeClose?: () => unknown;
}

/** The file's app; its parts can be read only inside tests and hooks, once the file's beforeAll has run. */
export interface AppPerFile extends TestContext {
  /** The demo superadmin's admin token. */
  readonly admin: string;
  /** A new staff account with exactly these module flags (and, given schools, limited to them). */
  staff(modules: RoleModule[], schools?: number[]): Promise<string>;
}

/**
 * One app and database for a test file: built (and the superadmin signed in) before its tests, closed after
 * them. Call at the top of the file; hooks the file adds after this call run once the app is up.
 */
export function appPerFile(options: AppPerFileOptions = {}): AppPerFile {
  const { signIn = true, beforeClose, ...setup } = options;
  let ctx: TestContext | undefined;
  let admin: string | undefined;
  const current = () => {
    if (!ctx) throw new Error('the test app is not up yet: read it inside a test or a hook');
    return ctx;
  };
  beforeAll(async () => {
    ctx = await setupTestApp(setup);
    if (signIn) admin = await tokenFor(ctx.app, SUPERADMIN, 'admin');
  });
  afterAll(async () => {
    if (!ctx) return;
    await beforeClose?.();
    await ctx.close();
  });
  const file: AppPerFile = {
    get app() {
      return current().app;
    },
    get pool() {
      return current().pool;
    },
    get ownerPool() {
      return current().ownerPool;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    close: () => current().close(),
    get admin() {
      if (admin === undefined) throw new Error('the superadmin is not signed in (signIn: false)');
      return admin;
    },
    staff: (modules, schools = []) => staffWith(file, file.admin, modules, schools),
  };
  return file;
}
