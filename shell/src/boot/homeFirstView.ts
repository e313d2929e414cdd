/**
 * The parent's home drawn before the app has loaded: the header and the greeting with the parent's own name
 * from the session this browser keeps, the rest of the page as "Memuat beranda" placeholders. On a phone the
 * app needs about half a megabyte of scripts before it can draw anything; this draws the frame as soon as
 * the HTML is in. It shows nothing that is not the signed-in parent's own (their name, their foundation's
 * colour), and nothing that could be stale in a way that matters: the cards wait for the live data. The app
 * removes it in the frame in which the real page appears (see firstView.ts: endFirstView).
 *
 * Runs as its own tiny script (no imports: it must not wait for the app's shared libraries), so the session
 * is read here with the browser's own AES-GCM, the same cipher and key @psb/api-client writes it with
 * (nonce ‖ ciphertext ‖ tag, base64). A session that does not decrypt, or is not a parent's, draws nothing.
 */

/** Where and how @psb/api-client stores the session (its SESSION_STORAGE_KEY and cipher key). */
export const SESSION_STORAGE_KEY = 'psb-session';
const SESSION_KEY_HEX = 'aa7d09cb28331b6164a08491b1ad091e0779883a20182eaed4e7c7429f40e97f';
const NONCE_BYTES = 12;
const DEFAULT_COLOR = '#055837';
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export interface HomeFirstView {
  name: string;
  color: string;
}

const hexBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

/** The parent's name and the foundation colour from the stored session; null without a parent session. */
export async function readHomeFirstView(
  stored: string | null,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<HomeFirstView | null> {
  // Web Crypto exists only on https (and localhost); elsewhere the app draws the page as before.
  if (!stored || !subtle) return null;
  try {
    const bytes = Uint8Array.from(atob(stored), (c) => c.charCodeAt(0));
    if (bytes.length <= NONCE_BYTES) return null;
    const key = await subtle.importKey('raw', hexBytes(SESSION_KEY_HEX), 'AES-GCM', false, ['decrypt']);
    const plain = await subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, NONCE_BYTES) },
      key,
      bytes.subarray(NONCE_BYTES),
    );
    const state = (JSON.parse(new TextDecoder().decode(plain)) as { state?: Record<string, unknown> }).state;
    // What the shell's route guard asks of a parent page: a parent token and a role.
    if (!state?.token || !state.user_role || typeof state.user_name !== 'string' || !state.user_name)
      return null;
    const color =
      typeof state.theme === 'string' && HEX_COLOR.test(state.theme) ? state.theme : DEFAULT_COLOR;
    return { name: state.user_name, color };
  } catch {
    return null;
  }
}

/**
 * Sizes follow the app's page (Mantine's header, container, h2 title and skeletons), so nothing moves when
 * the app takes over.
 */
const STYLES = `#psb-first-view~#root{display:none}
.psb-fv{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#000;font-size:16px;line-height:1.55}
.psb-fv header{height:60px;border-bottom:1px solid #dee2e6;background:#fff;box-sizing:border-box}
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
.psb-fv .sk{border-radius:8px;background:#e9ecef;animation:psb-fv 1.5s linear infinite}
@keyframes psb-fv{50%{opacity:.5}}
@media (min-width:36em){.psb-fv .site{display:block}}`;

/** Puts the frame before #root (which it hides) while the splash is still all the app has drawn. */
export function drawHomeFirstView(doc: Document, { name, color }: HomeFirstView): boolean {
  const root = doc.getElementById('root');
  // The app already drew itself (or this ran twice): its page is the one to show.
  if (!root?.querySelector(':scope > .psb-splash') || doc.getElementById('psb-first-view')) return false;
  const el = (tag: string, className?: string, text?: string) => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  };
  const view = el('div', 'psb-fv');
  view.id = 'psb-first-view';
  view.style.setProperty('--b', color);
  view.append(el('style', undefined, STYLES));

  const header = el('header');
  const bar = el('div', 'w');
  const brand = el('a', 'brand') as HTMLAnchorElement;
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
  for (const height of [88, 200]) {
    const block = el('div', 'sk');
    block.style.height = `${height}px`;
    busy.append(block);
  }
  page.append(top, busy);
  main.append(page);

  view.append(header, main);
  doc.body.insertBefore(view, root);
  return true;
}

/** Where home.html lists the app's boot files it holds back for the frame (tools/first-view-script.mjs). */
export const HELD_BOOT_ID = 'psb-held-boot';

interface HeldBoot {
  /** [href, as] of each boot file to preload. */
  preload: [string, string][];
  /** The app's entry scripts, in order. */
  scripts: string[];
}

/** Starts the app: its boot preloads and entry scripts, held back by home.html until the frame is drawn. */
export function startHeldBoot(doc: Document) {
  const held = doc.getElementById(HELD_BOOT_ID);
  if (!held?.textContent) return;
  held.remove();
  const { preload, scripts } = JSON.parse(held.textContent) as HeldBoot;
  for (const [href, as] of preload) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', as);
    link.href = href;
    doc.head.append(link);
  }
  for (const src of scripts) {
    const script = doc.createElement('script');
    script.src = src;
    script.async = false; // in order, like the deferred tags they stand for
    doc.head.append(script);
  }
}

/** Reads the session and draws the frame (nothing without a parent session), then starts the app. */
export async function showHomeFirstView(doc: Document = document) {
  try {
    const view = await readHomeFirstView(localStorage.getItem(SESSION_STORAGE_KEY));
    if (view) drawHomeFirstView(doc, view);
  } catch {
    // Storage blocked or anything unexpected: the app draws the page as on any other route.
  } finally {
    startHeldBoot(doc);
  }
}
