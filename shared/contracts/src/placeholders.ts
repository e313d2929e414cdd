/**
 * Placeholders written `{name}` in a template text (messages, document layouts) that are not among `known`,
 * each once, in order of appearance, without their braces. A name with a space (`{nama anak}`) is a placeholder
 * too, so a typo is named instead of being printed as is.
 */
export function placeholdersNotIn(text: string, known: Readonly<Record<string, unknown>>): string[] {
  const found = [...text.matchAll(/\{([^{}\n]*)\}/g)].map((m) => m[1]!);
  return [...new Set(found.filter((name) => !Object.hasOwn(known, name)))];
}
