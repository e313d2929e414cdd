import type { FastifyInstance } from 'fastify';
import { linkOrigin } from '../../../context';
import { HttpError, notFound } from '../../../lib/http-error';
import { latin, pdfColor, renderPdf } from '../../../lib/pdf';
import type { ServiceContext } from '../../../service-context';
import { slipRow } from './repository';

export const SLIP_MSG = {
  wrongPassword: 'Kata sandi sementara tidak cocok dengan akun ini. Cetak slip langsung setelah pendaftaran.',
};

export interface LoginSlip {
  tenantName: string;
  schoolName: string;
  registrantName: string | null;
  registrationNumber: string;
  periodName: string;
  className: string;
  parentName: string;
  /** Null: the registrant has no account to sign in with yet. */
  username: string | null;
  /** Null: the parent's own password (an existing account), or none yet. */
  temporaryPassword: string | null;
  loginUrl: string;
}

function nextSteps(s: LoginSlip): string[] {
  if (s.username === null)
    return [
      'Calon murid ini belum memiliki akun orang tua.',
      'Hubungi panitia PSB untuk dibuatkan akun; setelah itu Anda menerima slip login baru.',
      'Simpan nomor pendaftaran ini untuk keperluan selanjutnya.',
    ];
  return [
    `Buka ${s.loginUrl} lalu pilih "Masuk".`,
    `Masukkan username ${s.username} dan ${s.temporaryPassword ? 'kata sandi sementara di atas' : 'kata sandi akun Anda'}.`,
    ...(s.temporaryPassword
      ? ['Anda akan diminta mengganti kata sandi sementara dengan kata sandi baru milik Anda sendiri.']
      : []),
    'Lengkapi formulir pendaftaran calon murid dan unggah dokumen yang diminta.',
    'Tekan tombol Submit di halaman Beranda setelah semua data lengkap.',
  ];
}

/** One A5 page: school, registrant, registration number, sign-in details and what to do next. */
export function renderLoginSlip(s: LoginSlip, themeColor: string): Promise<Buffer> {
  const options = {
    size: 'A5',
    margin: 36,
    info: { Title: `Slip Login ${s.registrationNumber}`, Author: latin(s.tenantName) },
  };
  return renderPdf(options, (doc) => {
    const color = pdfColor(themeColor);
    const width = doc.page.width - 72;
    const text = (v: string, opts: PDFKit.Mixins.TextOptions = {}) => doc.text(latin(v), { width, ...opts });
    doc.font('Helvetica-Bold').fontSize(13).fillColor(color);
    text(s.schoolName);
    doc.font('Helvetica').fontSize(9).fillColor('#444444');
    text(`${s.tenantName} - Slip Login Pendaftaran Murid Baru`);
    doc.moveDown(0.8);
    const row = (label: string, value: string, mono = false) => {
      doc.font('Helvetica').fontSize(9).fillColor('#555555');
      text(label);
      doc
        .font(mono ? 'Courier-Bold' : 'Helvetica-Bold')
        .fontSize(mono ? 14 : 11)
        .fillColor('#111111');
      text(value);
      doc.moveDown(0.4);
    };
    row('Nama calon murid', s.registrantName ?? '-');
    row('Nomor pendaftaran', s.registrationNumber, true);
    row('Periode / kelas', `${s.periodName} / ${s.className}`);
    row('Nama orang tua', s.parentName);
    if (s.username !== null) {
      row('Username (Email / No. HP)', s.username, true);
      row(
        'Kata sandi',
        s.temporaryPassword ?? '(kata sandi akun Anda sendiri)',
        s.temporaryPassword !== null,
      );
      row('Alamat masuk', s.loginUrl);
    }
    doc.moveDown(0.4);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(color);
    text('Langkah selanjutnya');
    doc.font('Helvetica').fontSize(9).fillColor('#222222');
    for (const [i, step] of nextSteps(s).entries()) text(`${i + 1}. ${step}`);
    doc.moveDown(0.6);
    doc.fontSize(8).fillColor('#777777');
    text('Jaga kerahasiaan kata sandi. Panitia tidak pernah meminta kata sandi Anda.');
  });
}

/**
 * The slip of a registrant the caller may see (row-level security hides another school's → 404). A given
 * temporary password is printed only while the account still has it (checked against the stored hash), so
 * a slip never shows a password that does not work.
 */
export async function loginSlip(
  app: FastifyInstance,
  sc: ServiceContext,
  id: number,
  temporaryPassword: string | undefined,
): Promise<Buffer> {
  const r = await sc.db((c) => slipRow(c.db, c.tenantId, id));
  if (!r) throw notFound();
  const username = r.account_pending ? null : (r.email ?? r.phone_number);
  let password: string | null = null;
  if (temporaryPassword && username !== null) {
    const ok = r.must_change_password && (await app.ctx.hasher.verify(r.password_hash, temporaryPassword));
    if (!ok) throw new HttpError(400, SLIP_MSG.wrongPassword, { temporary_password: SLIP_MSG.wrongPassword });
    password = temporaryPassword;
  }
  return renderLoginSlip(
    {
      tenantName: sc.tenant.name,
      schoolName: r.school_name,
      registrantName: r.name,
      registrationNumber: r.registration_number,
      periodName: r.period_name,
      className: r.class_name,
      parentName: r.parent_name,
      username,
      temporaryPassword: password,
      loginUrl: `${linkOrigin(app.ctx, sc)}/?modal=login`,
    },
    sc.tenant.themeColor,
  );
}
