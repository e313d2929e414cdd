/** Reading what a pdfkit PDF draws, for api tests (jest only). */
import zlib from 'node:zlib';

/** The text drawn on the pages: pdfkit writes it as hex strings inside deflated content streams. */
export function drawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  // Each stream's bytes are cut by its declared /Length: compressed data may itself end in a carriage return,
  // which a search for "\r\nendstream" would take away (and the page's text with it, now and then).
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    let content: string;
    try {
      const bytes = Buffer.from(raw.slice(start, start + Number(m[1])), 'latin1');
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      continue;
    }
    for (const line of content.split('\n')) {
      // One text-showing operator per line: its hex pieces (kerning splits words) make one run of text.
      const pieces = [...line.matchAll(/<([0-9a-fA-F]+)>/g)].map((h) =>
        Buffer.from(h[1]!, 'hex').toString('latin1'),
      );
      if (pieces.length) text += `${pieces.join('')}\n`;
    }
  }
  return text;
}
