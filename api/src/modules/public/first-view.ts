import {
  DEFAULT_THEME,
  type FirstPage,
  MARKDOWN_OPTIONS,
  markdownAddress,
  PUBLIC_NAV,
  routeFor,
} from '@psb/contracts';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { ServiceContext } from '../../service-context';
import { createBodyCache, firstPageJson, themeConfig } from './service';

/**
 * The public home drawn by the server as plain HTML inside index.html, so a phone on a slow line sees the
 * foundation's welcome, its buttons and picture before the app's JavaScript has arrived. The shell swaps it
 * for the live page the moment that page has rendered (see the shell's first-view hand-off). The page's data
 * and the tenant colour travel with it as JSON, which spares the app its two first requests.
 */

const HEX = /^#[0-9a-f]{6}$/i;
const FALLBACK_IMAGE = '/welcome.svg';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** JSON inside a script element: nothing in it may close the element or open a comment. */
const scriptJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Staff Markdown as HTML with the apps' own options (the app shows this very HTML in place of its own); the
 * stored text holds no HTML, and the result keeps only harmless tags (no pictures in the first view).
 */
const markdown = new Marked(MARKDOWN_OPTIONS);

function markdownHtml(text: string): string {
  return sanitizeHtml(markdown.parse(text) as string, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'em',
      'del',
      'ul',
      'ol',
      'li',
      'a',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'code',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
  });
}

/** Only a path on this site or an http(s) address may become the picture's source. */
function imageSource(url: string): string {
  const value = url.trim();
  const kind = markdownAddress(value);
  if (kind === 'site' || kind === 'web') return value;
  return FALLBACK_IMAGE;
}

/** What both first views share: #root hidden while the view is there, the app's font, and its header. */
const SHARED_CSS = `#psb-first-view~#root{display:none}
.psb-fv{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#000;line-height:1.55;font-size:16px}
.psb-fv a{color:inherit}
.psb-fv header{height:60px;border-bottom:1px solid #dee2e6;background:#fff;box-sizing:border-box}
.psb-fv .w{max-width:1140px;margin:0 auto;padding:0 16px;box-sizing:border-box}
.psb-fv header .w{height:100%;display:flex;align-items:center;justify-content:space-between;gap:12px}
.psb-fv .l{display:flex;align-items:center;gap:24px;min-width:0}
.psb-fv .brand{display:flex;align-items:center;gap:8px;text-decoration:none}
.psb-fv .mark{width:32px;height:32px;border-radius:8px;background:var(--b);color:#fff;display:flex;align-items:center;justify-content:center;font-size:12px;font-weight:800}
.psb-fv .name{font-weight:700;color:var(--b);display:none}
.psb-fv nav{display:none;gap:4px}
.psb-fv nav a{padding:0 18px;height:36px;display:inline-flex;align-items:center;border-radius:4px;font-weight:600;font-size:14px;color:var(--b);text-decoration:none}
@media (min-width:36em){.psb-fv .name{display:block}}
@media (min-width:48em){.psb-fv nav{display:flex}}`;

const HOME_CSS = `.psb-fv .btns{display:flex;gap:10px;flex-wrap:wrap}
.psb-fv .btn{display:inline-flex;align-items:center;height:36px;padding:0 18px;border-radius:4px;font-weight:600;font-size:14px;text-decoration:none;border:1px solid var(--b);background:var(--b);color:#fff;box-sizing:border-box}
.psb-fv .btn.o{background:#fff;color:var(--b)}
.psb-fv .btn.s{border-color:transparent;background:transparent;color:var(--b)}
.psb-fv .btn.d{background:#fff;color:#000;border-color:#ced4da}
.psb-fv main .btn{height:42px;padding:0 22px;font-size:16px}
.psb-fv main .w{padding-top:16px;padding-bottom:16px;display:flex;flex-direction:column;gap:32px}
.psb-fv .grid{display:grid;gap:32px;align-items:center}
.psb-fv .hero{display:flex;flex-direction:column;gap:16px}
.psb-fv .year{align-self:flex-start;background:color-mix(in srgb,var(--b) 12%,#fff);color:var(--b);border-radius:32px;padding:0 16px;height:26px;display:flex;align-items:center;font-size:13px;font-weight:700;text-transform:uppercase}
.psb-fv h1{font-size:34px;line-height:1.3;margin:0;font-weight:700}
.psb-fv .text p{margin:0 0 8px}
.psb-fv .banner{background:color-mix(in srgb,var(--b) 10%,#fff);border-radius:8px;padding:12px 16px}
.psb-fv img{display:block;width:100%;max-height:360px;object-fit:contain;border-radius:8px}
@media (min-width:62em){.psb-fv .grid{grid-template-columns:1fr 1fr}}`;

/**
 * The staff sign-in card in the app's sizes (Mantine's container, centred card of 420 px, h2, 36 px inputs
 * and button), so nothing moves when the app's page takes its place.
 */
const ADMIN_LOGIN_CSS = `.psb-fv main .w{padding-top:16px;padding-bottom:16px;min-height:calc(100vh - 110px)}
.psb-fv .center{display:flex;justify-content:center;padding:32px 0}
.psb-fv .card{width:100%;max-width:420px;box-sizing:border-box;padding:32px;border:1px solid #dee2e6;border-radius:8px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.05),rgba(0,0,0,.05) 0 10px 15px -5px,rgba(0,0,0,.04) 0 7px 7px -5px;display:flex;flex-direction:column;gap:16px}
.psb-fv h2{font-size:26px;line-height:1.35;margin:0;font-weight:700}
.psb-fv .sub{font-size:14px;line-height:1.45;color:#495057;margin:0}
.psb-fv .form{display:flex;flex-direction:column;gap:12px}
.psb-fv .lbl{display:block;font-size:14px;font-weight:500;line-height:1.55}
.psb-fv .inp{height:36px;border:1px solid #ced4da;border-radius:8px;box-sizing:border-box;background:#fff}
.psb-fv .btn{height:36px;border-radius:8px;background:var(--b);color:#fff;font-size:14px;font-weight:600;display:flex;align-items:center;justify-content:center}`;

const styles = (brand: string, css: string) =>
  `<style>\n${SHARED_CSS}\n.psb-fv{--b:${brand}}\n${css}\n</style>`;

/** The header of the public pages: the brand, the main navigation, and what the page puts on the right. */
function header(actions: string): string {
  const nav = PUBLIC_NAV.filter((entry) => routeFor(entry.path))
    .map((entry) => `<a href="${escapeHtml(entry.path)}">${escapeHtml(entry.label)}</a>`)
    .join('');
  return `<header><div class="w"><div class="l"><a class="brand" href="/" aria-label="PSB Online, ke beranda"><span class="mark" aria-hidden="true">PSB</span><span class="name">PSB Online</span></a><nav aria-label="Navigasi utama">${nav}</nav></div>
${actions}</div></header>`;
}

/** The tenant colour as it may go into CSS, else the default. */
const brandColor = (themeColor: string) => (HEX.test(themeColor) ? themeColor : DEFAULT_THEME);

/** The colour handed to the app as its theme answer, which spares it that request. */
const bootTheme = (brand: string) =>
  `<script type="application/json" id="psb-boot-theme">${scriptJson(JSON.stringify({ success: true, theme: brand }))}</script>`;

export function firstViewHtml(page: FirstPage, themeColor: string): string {
  const brand = brandColor(themeColor);
  const { result, school_year } = page;
  // Each text rendered once: into the copy, and handed to the app (by its Markdown source) so the app shows
  // the same HTML instead of loading a Markdown renderer on the first visit.
  const rendered: Record<string, string> = {};
  const render = (markdown: string) => (rendered[markdown] ??= markdownHtml(markdown));
  const banner = result.banner_home.active
    ? `<div class="banner">${render(result.banner_home.text)}</div>`
    : '';
  const year = school_year ? `<span class="year">Tahun Ajaran ${escapeHtml(school_year.name)}</span>` : '';
  const welcome = result.welcome_description
    ? `<div class="text">${render(result.welcome_description)}</div>`
    : '';
  const accountButtons =
    '<div class="btns"><a class="btn d" href="/?modal=login">Masuk</a><a class="btn" href="/?modal=register">Daftar</a></div>';
  return `${styles(brand, HOME_CSS)}<div id="psb-first-view" class="psb-fv">
${header(accountButtons)}
<main><div class="w">${banner}<div class="grid"><div class="hero">${year}<h1>Penerimaan Siswa Baru</h1>${welcome}
<div class="btns"><a class="btn" href="/?modal=login">Masuk</a><a class="btn o" href="/?modal=register">Daftar</a><a class="btn s" href="/?modal=voucher">Daftar dengan Voucher</a></div></div>
<img src="${escapeHtml(imageSource(result.welcome_image))}" alt="Ilustrasi penerimaan siswa baru" fetchpriority="high"></div></div></main></div>
<script type="application/json" id="psb-first-page">${scriptJson(JSON.stringify(page))}</script>
<script type="application/json" id="psb-first-html">${scriptJson(JSON.stringify(rendered))}</script>
${bootTheme(brand)}`;
}

/**
 * The staff sign-in page (`/admin`) drawn by the server: its title, the form's fields and button as they will
 * look, in the foundation's colour. On a phone the page's title was the largest thing drawn, and it waited for
 * the app and the public remote; now it is in the HTML. The fields are drawn, not real: what is typed before
 * the app arrives would be lost when the app's form takes their place, so there is nothing to type into yet
 * (and nothing for a screen reader to find: the real form follows).
 */
export function adminLoginFirstViewHtml(themeColor: string): string {
  const brand = brandColor(themeColor);
  const field = (label: string) => `<div><span class="lbl">${label}</span><div class="inp"></div></div>`;
  return `${styles(brand, ADMIN_LOGIN_CSS)}<div id="psb-first-view" class="psb-fv">
${header('<span></span>')}
<main><div class="w"><div class="center"><div class="card"><div><h2>Masuk Admin</h2><p class="sub">Khusus staf sekolah dan yayasan.</p></div>
<div class="form" aria-hidden="true">${field('Email / No. HP')}${field('Kata Sandi')}<div class="btn">Masuk</div></div></div></div></div></main></div>
${bootTheme(brand)}`;
}

/** The page's caller: its tenant and units of work. */
export type PageCaller = Pick<ServiceContext, 'tenant' | 'db'>;
type FirstView = (caller: PageCaller) => Promise<string>;

/**
 * The first views of a tenant's pages that have one (the home and the staff sign-in), each kept per tenant as
 * briefly as the home's data (the same micro-cache), so a burst of visitors costs one query. Undefined for
 * any other page.
 */
export function createFirstView(ttlMs: number) {
  const homeCache = createBodyCache(ttlMs);
  const adminCache = createBodyCache(ttlMs);
  const home: FirstView = async (caller) =>
    (
      await homeCache(caller.tenant.id, () =>
        caller.db(async (c) => {
          const body = await firstPageJson(c);
          const theme = await themeConfig(c);
          return firstViewHtml(JSON.parse(body) as FirstPage, theme ?? caller.tenant.themeColor);
        }),
      )
    ).body;
  const adminLogin: FirstView = async (caller) =>
    (
      await adminCache(caller.tenant.id, () =>
        caller.db(async (c) => adminLoginFirstViewHtml((await themeConfig(c)) ?? caller.tenant.themeColor)),
      )
    ).body;
  const byPath: Record<string, FirstView> = { '/': home, '/admin': adminLogin };
  return async (path: string, caller: PageCaller): Promise<string | undefined> => byPath[path]?.(caller);
}
