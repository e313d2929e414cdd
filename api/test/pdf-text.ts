/** Reading what a pdfkit PDF draws, for api tests (jest only). */
import zlib from 'node:zlib';

/** The text drawn on the pages: pdfkit writes it as hex strings inside deflated content streams. */
export function drawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
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
