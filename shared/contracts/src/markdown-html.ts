/**
 * How staff-written Markdown becomes HTML, for the server's first view of the home and the apps' renderer
 * alike (the app shows the server's HTML in place of its own, so both must draw a text the same way): which
 * addresses become links and pictures, and the HTML they become.
 *
 * A browser reads `//host`, `/\host` and `\\host` as another site, and drops tabs and line breaks inside an
 * address before reading it (`/<tab>/host` is `//host`). So a path of this site must be a single `/` followed
 * by a path character (or nothing, a query or a fragment), and no address may hold white space or control
 * characters. Apart from those paths only the web (http, https), mail and telephone are links; everything
 * else (`javascript:`, `data:`, relative addresses) shows as its words.
 */

const SITE_PATH = /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@%?#]|$)/;
const WEB = /^https?:\/\/[^/\\?#]/i;
const CONTACT = /^(?:mailto|tel):./i;
// White space and control characters (C0, DEL, C1), and the Unicode spaces a browser may also trim.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's job.
const UNSAFE_CHARACTER = /[\s\u0000-\u001f\u007f-\u009f]/;

export type MarkdownAddress = 'site' | 'web' | 'contact';

/** What kind of address this is, or null when it must not become a link. */
export function markdownAddress(href: string): MarkdownAddress | null {
  if (UNSAFE_CHARACTER.test(href)) return null;
  if (SITE_PATH.test(href)) return 'site';
  if (WEB.test(href)) return 'web';
  if (CONTACT.test(href)) return 'contact';
  return null;
}

/** Text for an HTML attribute value in double quotes, or for element content. */
export const escapeMarkdownHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A link around its (already rendered) label: another site opens in a new tab without learning where the
 * reader came from; an address that may not be a link leaves the label alone.
 */
export function markdownLinkHtml(href: string, labelHtml: string): string {
  const kind = markdownAddress(href);
  if (!kind) return labelHtml;
  const newTab = kind === 'web' ? ' target="_blank" rel="noopener noreferrer"' : '';
  return `<a href="${escapeMarkdownHtml(href)}"${newTab}>${labelHtml}</a>`;
}

/** A picture from this site or the web; any other address shows the picture's description instead. */
export function markdownImageHtml(src: string, alt: string): string {
  const kind = markdownAddress(src);
  if (kind !== 'site' && kind !== 'web') return escapeMarkdownHtml(alt);
  return `<img src="${escapeMarkdownHtml(src)}" alt="${escapeMarkdownHtml(alt)}" loading="lazy">`;
}

/** The part of marked's renderer these hooks use, by shape: the contracts do not depend on marked. */
interface InlineRenderer {
  parser: { parseInline(tokens: unknown[]): string };
}

/**
 * Options for marked (`new Marked(MARKDOWN_OPTIONS)`): GitHub-flavoured, a line break is a break, any HTML in
 * the text renders as nothing (the api strips it on save as well), and links and pictures by the rule above.
 */
export const MARKDOWN_OPTIONS = {
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html: () => '',
    link(this: InlineRenderer, { href, tokens }: { href: string; tokens: unknown[] }) {
      return markdownLinkHtml(href, this.parser.parseInline(tokens));
    },
    image({ href, text }: { href: string; text: string }) {
      return markdownImageHtml(href, text);
    },
  },
} as const;
