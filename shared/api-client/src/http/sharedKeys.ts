/**
 * Query keys that more than one app reads or marks stale. A remote never imports another, so a key two of
 * them share lives here rather than as the same string in both.
 */

/** GET public/first_page: the home page's content and the texts staff write for parents. */
export const PUBLIC_FIRST_PAGE_KEY = ['public', 'first_page'] as const;

/**
 * The staff dashboard's figures. The resource engine marks them stale after a save (a record can change a
 * count); the dashboard builds its own keys under this root. Here, not in the engine, because the dashboard
 * is drawn before the engine is loaded.
 */
export const DASHBOARD_KEY_ROOT = ['dashboard'] as const;
