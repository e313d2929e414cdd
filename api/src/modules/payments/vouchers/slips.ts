import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ListQuery, listQuerySchema, matchingRecords } from '../../../engine';
import { binaryResponse } from '../../../lib/binary-response';
import { contentDisposition } from '../../../lib/content-disposition';
import { HttpError } from '../../../lib/http-error';
import { latin, pdfColor, renderPdf } from '../../../lib/pdf';
import { sendRaw } from '../../../lib/raw-reply';
import { errors, read, security, tags } from './route-options';
import { compiledVoucher } from './service';

/** One sheet holds COLUMNS × ROWS slips; a print run is capped so one request stays a few pages' work. */
const COLUMNS = 2;
const ROWS = 5;
export const SLIPS_PER_PAGE = COLUMNS * ROWS;
export const SLIP_LIMIT = 1000;

export const SLIP_MESSAGES = {
  none: 'Tidak ada voucher yang cocok dengan filter untuk dicetak.',
  tooMany: `Terlalu banyak voucher untuk dicetak sekaligus (maksimal ${SLIP_LIMIT}). Persempit filter terlebih dahulu.`,
};

const HOW_TO =
  'Cara memakai: buka situs pendaftaran sekolah, pilih "Daftar dengan Voucher", masukkan kode di atas, ' +
  'lalu buat kata sandi akun Anda. Satu kode berlaku untuk satu calon murid.';

export interface Slip {
  token: string;
  school_year_name: string | null;
  school_name: string | null;
}

/** A4 sheets of voucher slips, 2 × 5 per page, with dashed cut lines between them (pdfkit, Helvetica). */
export function renderSlipsPdf(slips: Slip[], tenantName: string, themeColor: string): Promise<Buffer> {
  const margin = 24;
  const options = {
    size: 'A4',
    margin,
    autoFirstPage: false,
    info: { Title: 'Slip Voucher Pendaftaran', Author: latin(tenantName) },
  };
  return renderPdf(options, (doc) => {
    const color = pdfColor(themeColor);
    const width = (595.28 - 2 * margin) / COLUMNS;
    const height = (841.89 - 2 * margin) / ROWS;
    const pad = 14;
    slips.forEach((slip, i) => {
      const cell = i % SLIPS_PER_PAGE;
      if (cell === 0) doc.addPage();
      const x = margin + (cell % COLUMNS) * width;
      const y = margin + Math.floor(cell / COLUMNS) * height;
      doc.save().dash(4, { space: 3 }).lineWidth(0.6).strokeColor('#999999');
      doc.rect(x, y, width, height).stroke().restore();
      const text = (s: string, opts: PDFKit.Mixins.TextOptions = {}) =>
        doc.text(latin(s), x + pad, undefined, { width: width - 2 * pad, lineBreak: true, ...opts });
      doc.y = y + pad;
      doc.font('Helvetica-Bold').fontSize(8).fillColor(color);
      text(tenantName.toUpperCase());
      doc.font('Helvetica').fontSize(8).fillColor('#555555');
      text('Voucher Pendaftaran Murid Baru');
      doc.moveDown(0.4);
      doc.font('Courier-Bold').fontSize(22).fillColor('#111111');
      text(slip.token, { characterSpacing: 2 });
      doc.moveDown(0.3);
      doc.font('Helvetica').fontSize(9).fillColor('#222222');
      text(`Tahun Ajaran: ${slip.school_year_name ?? '-'}`);
      text(`Sekolah: ${slip.school_name ?? 'Semua sekolah'}`);
      doc.moveDown(0.4);
      doc.fontSize(7.5).fillColor('#444444');
      text(HOW_TO, { height: y + height - pad - doc.y, ellipsis: true });
    });
  });
}

/**
 * GET /mst_tokens/slips: the vouchers the list shows for the same filters, search and sort (archived ones
 * with show_deleted), as printable slips. Row-level security limits a school-bound role to its schools.
 */
export function registerVoucherSlips(root: FastifyInstance): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const c = compiledVoucher;
  app.get(
    '/mst_tokens/slips',
    {
      config: read,
      schema: {
        tags,
        summary: `Voucher slips as an A4 PDF (10 per page, at most ${SLIP_LIMIT}), with the list filters`,
        security,
        querystring: listQuerySchema(c),
        produces: ['application/pdf'],
        response: {
          200: binaryResponse('The voucher slips', ['application/pdf']),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const q = req.query as ListQuery;
      // One more than the limit, to tell "too many" from "exactly the limit".
      const slips = await req.db((conn) => matchingRecords<Slip>(conn, c, q, SLIP_LIMIT + 1));
      if (slips.length === 0) throw new HttpError(404, SLIP_MESSAGES.none);
      if (slips.length > SLIP_LIMIT) throw new HttpError(400, SLIP_MESSAGES.tooMany);
      const pdf = await renderSlipsPdf(slips, req.tenant.name, req.tenant.themeColor);
      return sendRaw(
        reply,
        {
          'content-type': 'application/pdf',
          'content-disposition': contentDisposition('Slip-Voucher.pdf'),
          'cache-control': 'no-store',
        },
        pdf,
      );
    },
  );
}
