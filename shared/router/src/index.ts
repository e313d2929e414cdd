/**
 * The apps' only way to react-router (a lint rule forbids value imports of react-router and
 * react-router-dom elsewhere). Two reasons:
 * - One copy: @psb/router is a federation singleton, so every remote's Link, useNavigate, … read the
 *   router context that the shell's RouterProvider creates.
 * - Size: a shared package is loaded whole, but react-router inside this shared chunk is tree-shaken to
 *   what is listed here (react-router marks itself free of side effects). Sharing react-router itself
 *   shipped all of it (framework mode, SSR, forms, fetchers) on the first load.
 * Add a name here when an app needs one more; type-only imports are re-exported below. Tests take their
 * in-memory routers from '@psb/router/testing'.
 */

export type { RouteObject } from 'react-router';
export {
  createBrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
// The DOM RouterProvider (what react-router-dom exported): it passes react-dom's flushSync to the router,
// so navigations wrapped in flushSync update synchronously, as before.
export { RouterProvider } from 'react-router/dom';
