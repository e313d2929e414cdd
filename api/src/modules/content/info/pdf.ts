import { latin, pdfColor, renderPdf } from '../../../lib/pdf';

/** Content of the interview guide (config `interview_guide`, JSON). */
export interface InterviewGuide {
  title?: string;
  intro?: string;
  sections?: { title?: string; items?: string[]; text?: string }[];
  closing?: string;
}

/** Staff-edited JSON read leniently: anything malformed becomes empty text, never an error. */
export function parseGuide(value: string | undefined): InterviewGuide {
  try {
    const v = JSON.parse(value ?? '') as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return { intro: value ?? '' };
    const o = v as Record<string, unknown>;
    const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
    const sections = Array.isArray(o.sections)
      ? o.sections
          .filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null)
          .map((s) => ({
            title: str(s.title),
            text: str(s.text),
            items: Array.isArray(s.items) ? s.items.filter((i): i is string => typeof i === 'string') : [],
          }))
      : [];
    return { title: str(o.title), intro: str(o.intro), sections, closing: str(o.closing) };
  } catch {
    return { intro: value ?? '' };
  }
}

/** Renders the interview guide as an A4 PDF (pdfkit, built-in Helvetica). */
export function renderGuidePdf(
  guide: InterviewGuide,
  tenantName: string,
  themeColor: string,
): Promise<Buffer> {
  const options = {
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 60, right: 60 },
    info: { Title: latin(guide.title ?? 'Panduan Wawancara'), Author: latin(tenantName) },
  };
  return renderPdf(options, (doc) => {
    const color = pdfColor(themeColor);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(color).text(latin(tenantName.toUpperCase()));
    doc.moveDown(0.3);
    doc.fontSize(18).text(latin(guide.title ?? 'Panduan Wawancara'));
    doc.moveDown(0.8);
    doc.fillColor('#222222');
    if (guide.intro)
      doc.font('Helvetica').fontSize(11).text(latin(guide.intro), { align: 'justify' }).moveDown();
    for (const s of guide.sections ?? []) {
      if (s.title)
        doc.font('Helvetica-Bold').fontSize(12.5).fillColor(color).text(latin(s.title)).moveDown(0.3);
      doc.font('Helvetica').fontSize(11).fillColor('#222222');
      if (s.text) doc.text(latin(s.text), { align: 'justify' }).moveDown(0.3);
      if (s.items?.length) doc.list(s.items.map(latin), { bulletRadius: 2, textIndent: 12, paragraphGap: 3 });
      doc.moveDown(0.8);
    }
    if (guide.closing)
      doc.font('Helvetica-Oblique').fontSize(11).text(latin(guide.closing), { align: 'justify' });
  });
}
