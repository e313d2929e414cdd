import zlib from 'node:zlib';

/**
 * The lines of text a pdfkit PDF draws (hex strings in deflated content streams, one text operator a line).
 * Each stream's bytes are cut by its declared /Length: compressed data may itself end in a carriage return,
 * which a search for "\r\nendstream" would take away (and the page's text with it, now and then).
 */
export function pdfLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1');
    } catch {
      continue;
    }
    for (const line of content.split('\n')) {
      const pieces = [...line.matchAll(/<([0-9a-fA-F]+)>/g)].map((h) =>
        Buffer.from(h[1]!, 'hex').toString('latin1'),
      );
      if (pieces.length) lines.push(pieces.join(''));
    }
  }
  return lines;
}
