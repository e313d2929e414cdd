/**
 * The parent's home drawn before the app has loaded: the header and the greeting with the parent's own name
 * from the session this browser keeps, the rest of the page as "Memuat beranda" placeholders. It shows
 * nothing that is not the signed-in parent's own (their name, their foundation's colour), and nothing that
 * could be stale in a way that matters: the cards wait for the live data. A session that is not a parent's
 * draws nothing. How the frame is put in and taken out: sessionFirstView.ts.
 */
import {
  mountFirstView,
  readStoredSession,
  type StoredSession,
  showFirstView,
  skeleton,
  text,
  themeColor,
} from './sessionFirstView';

export interface HomeFirstView {
  name: string;
  color: string;
}

/** The parent's name and the foundation colour; null without a parent session. */
export function homeViewOf(session: StoredSession): HomeFirstView | null {
  const name = text(session, 'user_name');
  // What the shell's route guard asks of a parent page: a parent token and a role.
  if (!text(session, 'token') || !text(session, 'user_role') || !name) return null;
  return { name, color: themeColor(session) };
}

/** The parent's name and the foundation colour from the stored session; null without a parent session. */
export async function readHomeFirstView(stored: string | null, subtle?: SubtleCrypto) {
  const session = await readStoredSession(stored, subtle);
  return session && homeViewOf(session);
}

/**
 * Sizes follow the app's page (Mantine's header, container, h2 title and skeletons), so nothing moves when
 * the app takes over.
 */
const STYLES = `.psb-fv header{height:60px;border-bottom:1px solid #dee2e6;background:#fff;box-sizing:border-box}
.psb-fv .w{max-width:1140px;margin:0 auto;padding:0 16px;box-sizing:border-box}
.psb-fv header .w{height:100%;display:flex;align-items:center;justify-content:space-between;gap:12px}
.psb-fv .brand{display:flex;align-items:center;gap:8px;text-decoration:none}
.psb-fv .mark{width:32px;height:32px;border-radius:8px;background:var(--b);color:#fff;display:flex;align-items:center;justify-content:center;font-size:12px;font-weight:800}
.psb-fv .site{font-weight:700;color:var(--b);display:none}
.psb-fv .who{height:36px;padding:0 18px;border:1px solid #ced4da;border-radius:8px;display:inline-flex;align-items:center;font-size:14px;font-weight:600;white-space:nowrap;overflow:hidden;max-width:50vw;box-sizing:border-box}
.psb-fv main .w{padding-top:16px;padding-bottom:16px;display:flex;flex-direction:column;gap:20px;min-height:calc(100vh - 110px)}
.psb-fv .top{display:flex;justify-content:space-between;align-items:center;gap:16px}
.psb-fv h2{margin:0;font-size:26px;line-height:1.35;font-weight:700}
.psb-fv .bell{width:34px;height:34px;flex:none}
@media (min-width:36em){.psb-fv .site{display:block}}`;

/** Puts the frame before #root (which it hides) while the splash is still all the app has drawn. */
export function drawHomeFirstView(doc: Document, { name, color }: HomeFirstView): boolean {
  return mountFirstView(doc, { styles: STYLES, color }, (view, el) => {
    const header = el('header');
    const bar = el('div', 'w');
    const brand = el('a', 'brand');
    brand.href = '/home';
    brand.setAttribute('aria-label', 'PSB Online, ke beranda');
    const mark = el('span', 'mark', 'PSB');
    mark.setAttribute('aria-hidden', 'true');
    brand.append(mark, el('span', 'site', 'PSB Online'));
    bar.append(brand, el('span', 'who', name));
    header.append(bar);

    const main = el('main');
    const page = el('div', 'w');
    const top = el('div', 'top');
    top.append(el('h2', undefined, `Selamat datang, ${name}`), el('span', 'bell'));
    // The same placeholders, and the same words for assistive technology, as the app's page while it loads.
    const busy = el('div');
    busy.setAttribute('aria-busy', 'true');
    busy.setAttribute('aria-label', 'Memuat beranda');
    busy.style.cssText = 'display:flex;flex-direction:column;gap:20px';
    busy.append(skeleton(el, 88), skeleton(el, 200));
    page.append(top, busy);
    main.append(page);

    view.append(header, main);
  });
}

/** Reads the session and draws the frame (nothing without a parent session), then starts the app. */
export const showHomeFirstView = (doc: Document = document) =>
  showFirstView(doc, homeViewOf, drawHomeFirstView);
