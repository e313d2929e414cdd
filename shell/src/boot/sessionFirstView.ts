/**
 * What the pages drawn from the stored session before the app has loaded have in common (the parent's home,
 * the staff dashboard): reading the session, putting a frame before #root and then starting the app's boot,
 * which the page's HTML holds back until the frame is drawn. On a phone the app needs about half a megabyte
 * of scripts before it can draw anything; a frame drawn as soon as the HTML is in is what the visitor sees
 * meanwhile. The app removes it in the frame in which the real page appears (see firstView.ts: endFirstView).
 *
 * Bundled into each page's own tiny script (no imports of the app's libraries: it must not wait for them), so
 * the session is read here with the browser's own AES-GCM, the same cipher and key @psb/api-client writes it
 * with (nonce ‖ ciphertext ‖ tag, base64). A session that does not decrypt draws nothing.
 */

/** Where and how @psb/api-client stores the session (its SESSION_STORAGE_KEY and cipher key). */
export const SESSION_STORAGE_KEY = 'psb-session';
const SESSION_KEY_HEX = 'aa7d09cb28331b6164a08491b1ad091e0779883a20182eaed4e7c7429f40e97f';
const NONCE_BYTES = 12;
const DEFAULT_COLOR = '#055837';
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The stored session's fields (see SessionData in @psb/api-client), unchecked. */
export type StoredSession = Record<string, unknown>;

const hexBytes = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

/** The decrypted session; null when there is none, it does not decrypt or the browser has no Web Crypto. */
export async function readStoredSession(
  stored: string | null,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<StoredSession | null> {
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
    const state = (JSON.parse(new TextDecoder().decode(plain)) as { state?: unknown }).state;
    return state && typeof state === 'object' ? (state as StoredSession) : null;
  } catch {
    return null;
  }
}

/** A non-empty string field of the session, or null. */
export const text = (session: StoredSession, field: string) => {
  const value = session[field];
  return typeof value === 'string' && value ? value : null;
};

/** The foundation colour the app cached in the session (its theme), else the default green. */
export const themeColor = (session: StoredSession) => {
  const theme = session.theme;
  return typeof theme === 'string' && HEX_COLOR.test(theme) ? theme : DEFAULT_COLOR;
};

/** What every frame's styles start with: #root hidden while the frame is there, the app's font and skeleton. */
export const BASE_STYLES = `#psb-first-view~#root{display:none}
.psb-fv{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#000;font-size:16px;line-height:1.55}
.psb-fv .sk{border-radius:8px;background:#e9ecef;animation:psb-fv 1.5s linear infinite}
@keyframes psb-fv{50%{opacity:.5}}`;

export type Make = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
) => HTMLElementTagNameMap[K];

/** An element maker of the document: text only ever goes in as text, never as HTML. */
export const maker =
  (doc: Document): Make =>
  (tag, className, content) => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (content) node.textContent = content;
    return node;
  };

/** A loading placeholder block of the given height (and width, else the full line). */
export const skeleton = (el: Make, height: number, width?: number) => {
  const block = el('div', 'sk');
  block.style.height = `${height}px`;
  if (width) block.style.width = `${width}px`;
  return block;
};

/**
 * Puts the frame that `build` fills before #root (which it hides), while the splash is still all the app has
 * drawn. `styles` follow BASE_STYLES; `color` is the foundation colour, as the CSS variable --b.
 */
export function mountFirstView(
  doc: Document,
  { styles, color }: { styles: string; color: string },
  build: (view: HTMLDivElement, el: Make) => void,
): boolean {
  const root = doc.getElementById('root');
  // The app already drew itself (or this ran twice): its page is the one to show.
  if (!root?.querySelector(':scope > .psb-splash') || doc.getElementById('psb-first-view')) return false;
  const el = maker(doc);
  const view = el('div', 'psb-fv');
  view.id = 'psb-first-view';
  view.style.setProperty('--b', color);
  view.append(el('style', undefined, `${BASE_STYLES}\n${styles}`));
  build(view, el);
  doc.body.insertBefore(view, root);
  return true;
}

/** Where a page's HTML lists the app's boot files it holds back for the frame (tools/first-view-script.mjs). */
export const HELD_BOOT_ID = 'psb-held-boot';

interface HeldBoot {
  /** [href, as] of each boot file to preload. */
  preload: [string, string][];
  /** The app's entry scripts, in order. */
  scripts: string[];
}

/** Starts the app: its boot preloads and entry scripts, held back by the page's HTML until the frame is drawn. */
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

/** Longest wait for the frame's paint: a hidden tab paints nothing, and the app must start there too. */
const PAINT_WAIT_MS = 100;

/** Settles once the browser has painted what is in the document now (or after PAINT_WAIT_MS). */
export const afterPaint = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, PAINT_WAIT_MS);
    // A timer set in an animation frame callback runs after that frame's paint.
    globalThis.requestAnimationFrame?.(() => setTimeout(resolve, 0));
  });

/**
 * Reads the session and, when `read` finds in it what the page needs, draws the frame; then starts the app
 * whatever happened. A drawn frame is painted before the app's boot starts: once started, the boot's files
 * fill a phone's line and its scripts the main thread, and nothing of the frame needs them.
 */
export async function showFirstView<T>(
  doc: Document,
  read: (session: StoredSession) => T | null,
  draw: (doc: Document, view: T) => boolean,
) {
  try {
    const session = await readStoredSession(localStorage.getItem(SESSION_STORAGE_KEY));
    const view = session && read(session);
    if (view && draw(doc, view)) await afterPaint();
  } catch {
    // Storage blocked or anything unexpected: the app draws the page as on any other route.
  } finally {
    startHeldBoot(doc);
  }
}
