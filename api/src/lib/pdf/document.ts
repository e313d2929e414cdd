import type { DocumentPlaceholder, DocumentTemplate } from '@psb/contracts';
import { type PdfDoc, pdfColor, renderPdf } from './index';
import { latin } from './text';

const MM = 72 / 25.4;
const PAPER: { [P in DocumentTemplate['paper']]: [number, number] } = {
  A4: [595.28, 841.89],
  F4: [215 * MM, 330 * MM],
  A5: [419.53, 595.28],
};

export type PlaceholderValues = Partial<Record<DocumentPlaceholder, string>>;

/** `{nama}` and friends replaced by their values; an empty value leaves a blank. */
export const fillPlaceholders = (text: string, values: PlaceholderValues) =>
  text.replace(/\{([a-z_]+)\}/g, (_, k: string) => values[k as DocumentPlaceholder] ?? '');

/** Markdown emphasis and entities reduced to plain text (the standard PDF fonts have no inline styles). */
const plain = (s: string) =>
  latin(
    s
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(\*|_)(.+?)\1/g, '$2')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&'),
  );

export interface DocumentInput {
  template: DocumentTemplate;
  values: PlaceholderValues;
  /** PNG or JPEG bytes of the template's logo and signature, when it has them. */
  logo?: Buffer | null;
  signature?: Buffer | null;
  /** A passport photo drawn at the top right of the body (the test card's), PNG or JPEG. */
  photo?: Buffer | null;
  themeColor: string;
  author: string;
}

function header(doc: PdfDoc, input: DocumentInput, left: number, width: number, color: string) {
  const { template: t, values } = input;
  const top = doc.y;
  const logoSize = 56;
  let textLeft = left;
  if (input.logo) {
    doc.image(input.logo, left, top, { fit: [logoSize, logoSize] });
    textLeft = left + logoSize + 12;
  }
  const lines = fillPlaceholders(t.header, values)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  lines.forEach((line, i) => {
    if (i === 0)
      doc
        .font('Helvetica-Bold')
        .fontSize(t.font_size + 3)
        .fillColor(color);
    else
      doc
        .font('Helvetica')
        .fontSize(t.font_size - 1)
        .fillColor('#333333');
    doc.text(plain(line), textLeft, i === 0 ? top : undefined, { width: left + width - textLeft });
  });
  const bottom = Math.max(doc.y, input.logo ? top + logoSize : doc.y) + 6;
  doc
    .moveTo(left, bottom)
    .lineTo(left + width, bottom)
    .lineWidth(1.2)
    .strokeColor(color)
    .stroke();
  doc.y = bottom + 16;
}

function body(doc: PdfDoc, input: DocumentInput, left: number, width: number) {
  const { template: t, values } = input;
  doc.font('Helvetica').fontSize(t.font_size).fillColor('#111111');
  const paragraphs = fillPlaceholders(t.body, values).split(/\n\s*\n/);
  for (const para of paragraphs) {
    const lines = para.split('\n');
    const bullets = lines.every((l) => /^\s*[-*]\s+/.test(l));
    if (bullets)
      doc.list(
        lines.map((l) => plain(l.replace(/^\s*[-*]\s+/, ''))),
        left,
        undefined,
        { width, bulletRadius: 2, textIndent: 12, paragraphGap: 2 },
      );
    else doc.text(plain(lines.join('\n')), left, undefined, { width, align: 'justify' });
    doc.moveDown(0.7);
  }
}

function signature(doc: PdfDoc, input: DocumentInput, left: number, width: number) {
  const { template: t, values } = input;
  const blockWidth = Math.min(220, width / 2);
  const x = left + width - blockWidth;
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(t.font_size).fillColor('#111111');
  const dated = [t.place.trim(), values.tanggal ?? ''].filter(Boolean).join(', ');
  if (dated) doc.text(plain(dated), x, undefined, { width: blockWidth });
  // The title and name may name the family (SPOTC: the parent who makes the statement signs it).
  const title = plain(fillPlaceholders(t.signer_title, values));
  const name = plain(fillPlaceholders(t.signer_name, values)).trim();
  if (title) doc.text(title, x, undefined, { width: blockWidth });
  const top = doc.y + 4;
  if (input.signature) doc.image(input.signature, x, top, { fit: [blockWidth * 0.7, 56] });
  doc.y = top + 62;
  if (name) doc.font('Helvetica-Bold').text(name, x, undefined, { width: blockWidth, underline: true });
  // Without a name there is still a line to sign on: a printed card or letter always has a signature block.
  else doc.text('(.......................................)', x, undefined, { width: blockWidth });
}

const pageOf = (t: DocumentTemplate) => {
  const [w, h] = PAPER[t.paper];
  const size: [number, number] = t.orientation === 'landscape' ? [h, w] : [w, h];
  return { size, margin: t.margin_mm * MM };
};

/** Draws one document on the current page. */
function drawDocument(doc: PdfDoc, input: DocumentInput) {
  const { template: t, values } = input;
  const { size, margin } = pageOf(t);
  const title = plain(fillPlaceholders(t.title, values));
  const color = pdfColor(input.themeColor);
  let width = size[0] - 2 * margin;
  header(doc, input, margin, width, color);
  if (title)
    doc
      .font('Helvetica-Bold')
      .fontSize(t.font_size + 4)
      .fillColor('#111111')
      .text(title, margin, undefined, { width, align: 'center' })
      .moveDown(1);
  const photoTop = doc.y;
  if (input.photo) {
    // 3×4 cm, the size schools ask for; the text runs beside it.
    const [pw, ph] = [3 * 10 * MM, 4 * 10 * MM];
    doc.image(input.photo, margin + width - pw, photoTop, { fit: [pw, ph], align: 'center' });
    doc
      .rect(margin + width - pw, photoTop, pw, ph)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    width -= pw + 12;
  }
  body(doc, input, margin, width);
  if (input.photo) doc.y = Math.max(doc.y, photoTop + 4 * 10 * MM + 8);
  signature(doc, input, margin, size[0] - 2 * margin);
}

const infoOf = (input: DocumentInput) => {
  const title = plain(fillPlaceholders(input.template.title, input.values));
  return { Title: title || 'Dokumen', Author: latin(input.author) };
};

/** One page of a staff-designed document (kop, title, text with placeholders filled, signature block). */
export function renderDocument(input: DocumentInput): Promise<Buffer> {
  return renderDocuments([input]);
}

/** Several documents in one file, one page each (e.g. every test card of a session, to print at once). */
export function renderDocuments(inputs: readonly DocumentInput[]): Promise<Buffer> {
  const first = inputs[0];
  if (!first) throw new Error('renderDocuments needs at least one document');
  return renderPdf({ ...pageOf(first.template), autoFirstPage: false, info: infoOf(first) }, (doc) => {
    for (const input of inputs) {
      doc.addPage(pageOf(input.template));
      drawDocument(doc, input);
    }
  });
}
