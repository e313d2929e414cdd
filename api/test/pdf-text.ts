/** Reading what a pdfkit PDF draws, for api tests (jest only). */
import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';

/** The inflated content streams of a pdfkit PDF, in the order they are written. */
function contentStreams(raw: string): string[] {
  const streams: string[] = [];
  // Each stream's bytes are cut by its declared /Length: compressed data may itself end in a carriage return,
  // which a search for "\r\nendstream" would take away (and the page's text with it, now and then).
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    try {
      const bytes = Buffer.from(raw.slice(start, start + Number(m[1])), 'latin1');
      streams.push(zlib.inflateSync(bytes).toString('latin1'));
    } catch {
      // Not deflated (an image, a font): no text in it.
    }
  }
  return streams;
}

/** The bytes of a text-showing line's hex pieces (kerning splits words into several). */
const hexPieces = (line: string) =>
  [...line.matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1'));

/** The text drawn on the pages: pdfkit writes it as hex strings inside deflated content streams. */
export function drawnText(pdf: Buffer): string {
  let text = '';
  for (const content of contentStreams(pdf.toString('latin1')))
    for (const line of content.split('\n')) {
      // One text-showing operator per line: its pieces make one run of text.
      const pieces = hexPieces(line);
      if (pieces.length) text += `${pieces.join('')}\n`;
    }
  return text;
}

/** One run of text as drawn: where it starts and ends across the page (points from the left edge). */
export interface DrawnRun {
  text: string;
  left: number;
  right: number;
  /** Points from the bottom edge. */
  baseline: number;
  font: string;
  size: number;
}

/**
 * A document set in a standard font at size 1000, so pdfkit's own `widthOfString` gives widths in thousandths
 * of the size, as pdfkit itself lays text out. Its text is the bytes drawn read as latin1: pdfkit maps those
 * codes to the same WinAnsi glyphs.
 */
const measurers = new Map<string, PDFKit.PDFDocument>();
function measurer(font: string): PDFKit.PDFDocument {
  let doc = measurers.get(font);
  if (!doc) {
    doc = new PDFDocument({ autoFirstPage: false }).font(font).fontSize(1000);
    measurers.set(font, doc);
  }
  return doc;
}

/** Which standard font each resource name (`/F1`) stands for. */
function fontNames(raw: string) {
  const baseFont = new Map<string, string>();
  for (const m of raw.matchAll(/(\d+) 0 obj\s*<<[^>]*?\/BaseFont \/([\w-]+)/g)) baseFont.set(m[1]!, m[2]!);
  const names = new Map<string, string>();
  for (const m of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = baseFont.get(m[2]!);
    if (font) names.set(m[1]!, font);
  }
  return names;
}

/**
 * Every run of text with its position and width: pdfkit places each run with `1 0 0 1 x y Tm`, picks the
 * font with `/Fn size Tf` and draws `[<hex> kerning <hex> …] TJ`; a run's width is its glyphs' widths less
 * the kerning between them (both in thousandths of the size).
 */
export function drawnRuns(pdf: Buffer): DrawnRun[] {
  const raw = pdf.toString('latin1');
  const fonts = fontNames(raw);
  const runs: DrawnRun[] = [];
  for (const content of contentStreams(raw)) {
    let left = 0;
    let baseline = 0;
    let font = '';
    let size = 0;
    for (const line of content.split('\n')) {
      const tm = /^1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm$/.exec(line);
      if (tm) {
        left = Number(tm[1]);
        baseline = Number(tm[2]);
        continue;
      }
      const tf = /^\/(F\d+) ([\d.]+) Tf$/.exec(line);
      if (tf) {
        font = fonts.get(tf[1]!) ?? '';
        size = Number(tf[2]);
        continue;
      }
      if (!/T[Jj]$/.test(line) || !font) continue;
      const doc = measurer(font);
      let units = 0;
      let text = '';
      for (const part of line.matchAll(/<([0-9a-fA-F]+)>|(-?\d+(?:\.\d+)?)(?=[\s\]])/g)) {
        if (part[2] !== undefined) {
          units -= Number(part[2]);
          continue;
        }
        // pdfkit ends a piece wherever kerning applies, so a piece's width is its glyphs' widths alone.
        const piece = Buffer.from(part[1]!, 'hex').toString('latin1');
        text += piece;
        units += doc.widthOfString(piece);
      }
      runs.push({ text, left, right: left + (units * size) / 1000, baseline, font, size });
    }
  }
  return runs;
}
