/**
 * The staff dashboard drawn before the app has loaded: the staff console's header and sidebar frame and the
 * dashboard's greeting with the staff member's own name from the session this browser keeps, the rest as
 * "Memuat dasbor" placeholders. The greeting is the largest text of the page, and the app draws it only after
 * the shell has loaded the master-data remote and its dashboard; drawn here in the same place and size, the
 * real one replaces it without a shift. Only the signed-in staff member's own name and their foundation's
 * colour are shown; a session without a staff sign-in draws nothing. How the frame is put in and taken out:
 * sessionFirstView.ts.
 */
import {
  mountFirstView,
  type StoredSession,
  showFirstView,
  skeleton,
  text,
  themeColor,
} from './sessionFirstView';

export interface DashboardFirstView {
  name: string;
  color: string;
}

/** The staff member's name and the foundation colour; null without a staff session. */
export function dashboardViewOf(session: StoredSession): DashboardFirstView | null {
  const name = text(session, 'admin_name');
  const role = text(session, 'admin_role');
  // What the shell's route guard asks of the dashboard: a staff token and a staff role (a parent's account
  // signed in at the staff login is sent to /401).
  if (!text(session, 'admin_token') || !role || role === 'user' || !name) return null;
  return { name, color: themeColor(session) };
}

/**
 * Sizes follow the staff console (Mantine's AppShell: a 56 px header, a 180 px sidebar from 48em, md padding)
 * and the dashboard's h2 title with its date line, so the greeting stays where it is when the app takes over.
 */
const STYLES = `.psb-fv *{box-sizing:border-box}
.psb-fv header{position:fixed;top:0;left:0;right:0;z-index:100;height:56px;border-bottom:1px solid #dee2e6;background:#fff;padding:0 16px;display:flex;align-items:center;justify-content:space-between;gap:16px}
.psb-fv .g{display:flex;align-items:center;gap:12px;min-width:0}
.psb-fv .burger{width:28px;height:28px}
.psb-fv .brand{display:flex;align-items:center;gap:8px;text-decoration:none}
.psb-fv .mark{width:32px;height:32px;border-radius:8px;background:var(--b);color:#fff;display:flex;align-items:center;justify-content:center;font-size:12px;font-weight:800}
.psb-fv .site{font-weight:700;color:var(--b);display:none}
.psb-fv .role{display:none}
.psb-fv .who{font-size:14px;line-height:1.45;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:200px}
.psb-fv nav{display:none;position:fixed;top:56px;bottom:0;left:0;width:180px;border-right:1px solid #dee2e6;background:#fff;padding:16px 12px;flex-direction:column;gap:12px}
.psb-fv main{padding:72px 16px 16px;min-height:100vh;display:flex;flex-direction:column;gap:20px}
.psb-fv .top{display:flex;flex-direction:column;gap:4px}
.psb-fv h2{margin:0;font-size:26px;line-height:1.35;font-weight:700}
.psb-fv .line{height:21.7px;display:flex;align-items:center}
@media (min-width:36em){.psb-fv .site{display:block}}
@media (min-width:48em){.psb-fv .burger{display:none}.psb-fv .role{display:block}.psb-fv nav{display:flex}.psb-fv main{padding-left:196px}}`;

/** Puts the frame before #root (which it hides) while the splash is still all the app has drawn. */
export function drawDashboardFirstView(doc: Document, { name, color }: DashboardFirstView): boolean {
  return mountFirstView(doc, { styles: STYLES, color }, (view, el) => {
    const header = el('header');
    const left = el('div', 'g');
    const burger = el('span', 'burger');
    burger.setAttribute('aria-hidden', 'true');
    const brand = el('a', 'brand');
    brand.href = '/admin/dashboard';
    brand.setAttribute('aria-label', 'PSB Online, ke beranda');
    const mark = el('span', 'mark', 'PSB');
    mark.setAttribute('aria-hidden', 'true');
    brand.append(mark, el('span', 'site', 'PSB Online'));
    left.append(burger, brand);
    const right = el('div', 'g');
    // The places of the role badge and the logout button, kept empty: the role's name is the app's to say,
    // and a button that does nothing yet would be worse than none.
    const role = skeleton(el, 20, 104);
    role.classList.add('role');
    right.append(el('span', 'who', name), role, skeleton(el, 30, 77));
    header.append(left, right);

    // The sidebar's links depend on the role's permissions, which the app checks: placeholders until then.
    const nav = el('nav');
    nav.setAttribute('aria-hidden', 'true');
    for (let i = 0; i < 6; i++) nav.append(skeleton(el, 20));

    const main = el('main');
    const top = el('div', 'top');
    const line = el('div', 'line');
    line.append(skeleton(el, 14, 160));
    top.append(el('h2', undefined, `Selamat datang, ${name}`), line);
    // The figures wait for the live data; meanwhile the page says it is loading, as the app's does.
    const busy = el('div');
    busy.setAttribute('aria-busy', 'true');
    busy.setAttribute('aria-label', 'Memuat dasbor');
    busy.style.cssText = 'display:flex;flex-direction:column;gap:20px';
    busy.append(skeleton(el, 120), skeleton(el, 92), skeleton(el, 92));
    main.append(top, busy);

    view.append(header, nav, main);
  });
}

/** Reads the session and draws the frame (nothing without a staff session), then starts the app. */
export const showDashboardFirstView = (doc: Document = document) =>
  showFirstView(doc, dashboardViewOf, drawDashboardFirstView);
