import sanitizeHtml from 'sanitize-html';

/**
 * Staff write Markdown; no HTML of theirs may ever reach a page. Every tag is removed (the text between
 * harmless tags is kept, script and style content is dropped), so the stored text contains no `<` at all:
 * a literal "<" stays as the entity `&lt;`, which Markdown shows as the character. Links to script-capable
 * schemes are neutralised too (the renderers refuse them as well).
 */
export function safeMarkdown(text: string): string {
  if (!/[<>&]|script:|data:/i.test(text)) return text;
  const stripped = sanitizeHtml(text, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  })
    // The sanitiser escapes every special character; only these are restored, as none can open a tag.
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;(?!lt;)/g, '&');
  // A link destination may hold one level of parentheses: `[x](javascript:alert(1))`.
  return stripped.replace(/\]\(\s*(?:(?:java|vb)script|data):(?:[^()]|\([^()]*\))*\)/gi, '](#)');
}

/** Every string inside a JSON-like value passed through safeMarkdown. */
export function safeMarkdownDeep<T>(value: T): T {
  if (typeof value === 'string') return safeMarkdown(value) as T;
  if (Array.isArray(value)) return value.map((v) => safeMarkdownDeep(v)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, safeMarkdownDeep(v)])) as T;
  return value;
}
