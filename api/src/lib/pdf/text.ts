/** The standard PDF fonts cover Latin-1 (WinAnsi); other characters are replaced by close ASCII. */
export const latin = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\t\n\r -~\u00a0-\u00ff]/g, '?');
