import { formatDateTime } from '@psb/contracts';
import type { TenantConn } from '../../../db/tenant-db';
import { latin, pdfColor, renderPdf } from '../../../lib/pdf';
import { agreementFor } from './agreement';

/** The offer's signatures, the agreement text each signed and the registrant, or null before any signature. */
async function signedAgreement(c: TenantConn, registrantId: number) {
  const rows = await c.db
    .selectFrom('offer_signatures as s')
    .innerJoin('offers as o', (j) =>
      j.onRef('o.tenant_id', '=', 's.tenant_id').onRef('o.id', '=', 's.offer_id'),
    )
    .innerJoin('registrants as r', (j) =>
      j.onRef('r.tenant_id', '=', 'o.tenant_id').onRef('r.id', '=', 'o.registrant_id'),
    )
    .select([
      's.full_name',
      's.signed_at',
      's.ip',
      's.text_sha256',
      's.agreement_text',
      's.user_id',
      'r.registration_number',
      'r.name',
    ])
    .where('s.tenant_id', '=', c.tenantId)
    .where('o.registrant_id', '=', registrantId)
    .orderBy('s.signed_at')
    .execute();
  return rows.length ? rows : null;
}

type Signed = NonNullable<Awaited<ReturnType<typeof signedAgreement>>>;

/** The agreement's text, then on a page of its own the record of every signature (or that none is there). */
function drawAgreement(
  text: string,
  registrant: { name: string | null; registration_number: string | null },
  signed: Signed | null,
  themeColor: string,
  author: string,
) {
  const [title, ...rest] = text.split('\n\n');
  return renderPdf(
    { size: 'A4', margin: 56, info: { Title: latin(title ?? ''), Author: latin(author) } },
    (doc) => {
      doc
        .font('Helvetica-Bold')
        .fontSize(14)
        .fillColor(pdfColor(themeColor))
        .text(latin(title ?? ''), { align: 'center' });
      doc.moveDown();
      doc
        .font('Helvetica')
        .fontSize(11)
        .fillColor('black')
        .text(latin(rest.join('\n\n')), { align: 'left' });
      doc.addPage();
      doc.font('Helvetica-Bold').fontSize(13).text('Catatan Tanda Tangan Elektronik');
      doc.moveDown(0.5);
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(latin(`Calon murid: ${registrant.name ?? ''} (${registrant.registration_number ?? ''})`));
      if (!signed) {
        doc.moveDown();
        doc.text('Belum ditandatangani.');
      }
      for (const s of signed ?? []) {
        doc.moveDown();
        doc.text(latin(`Ditandatangani oleh: ${s.full_name}`));
        doc.text(`Akun pengguna: ${s.user_id}`);
        doc.text(latin(`Waktu: ${formatDateTime(s.signed_at)}`));
        doc.text(latin(`Alamat IP: ${s.ip}`));
        doc.text(`SHA-256 teks perjanjian: ${s.text_sha256}`);
      }
    },
  );
}

/**
 * The enrolment agreement as a PDF: the text exactly as signed, and on its last page the record of every
 * signature (name, account, time in WIB, address, the text's sha-256). Before any signature: null, or with
 * `unsigned` (staff checking the school's layout) the text as it would be signed today, marked unsigned.
 */
export async function agreementPdf(
  c: TenantConn,
  registrantId: number,
  themeColor: string,
  author: string,
  unsigned = false,
) {
  const signed = await signedAgreement(c, registrantId);
  const fileName = (regno: string | null) => `Perjanjian Daftar Ulang ${regno ?? registrantId}.pdf`;
  if (signed) {
    const first = signed[0]!;
    const pdf = await drawAgreement(first.agreement_text, first, signed, themeColor, author);
    return { pdf, fileName: fileName(first.registration_number) };
  }
  if (!unsigned) return null;
  const a = await agreementFor(c, registrantId);
  if (!a) return null;
  const pdf = await drawAgreement(`${a.title}\n\n${a.text}`, a.registrant, null, themeColor, author);
  return { pdf, fileName: fileName(a.registrant.registration_number) };
}
