import PDFDocument from 'pdfkit';

export { latin } from './text';

export type PdfDoc = PDFKit.PDFDocument;

/**
 * The one way the api produces a PDF (pdfkit with its built-in fonts): `draw` writes the pages, the finished
 * file comes back as a Buffer. Voucher slips, the interview guide and every staff-designed document use it.
 */
export function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

/** The tenant's theme colour when it is a valid hex colour, else the default green. */
export const pdfColor = (themeColor: string) => (/^#[0-9a-f]{6}$/i.test(themeColor) ? themeColor : '#055837');
