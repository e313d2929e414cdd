import nodemailer from 'nodemailer';
import type { MailAdapter } from './index';

/** Real delivery through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.id:465). */
export function createSmtpMailer(url: string, from: string): MailAdapter {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        ...(m.html ? { html: m.html } : {}),
      });
    },
  };
}
