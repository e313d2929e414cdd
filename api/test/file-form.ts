import crypto from 'node:crypto';
import sharp from 'sharp';
import { api, call, type TestContext } from './helpers';

/**
 * A multipart/form-data body with one file (and any text fields before it), as a browser's form sends it:
 * spread it into `call`'s options. Without `type` the file part has no Content-Type of its own.
 */
export function fileForm(
  file: Buffer | string,
  filename: string,
  type?: string,
  fields: Record<string, string> = {},
) {
  const boundary = `----psb${crypto.randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        (type ? `Content-Type: ${type}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts `png` as the registrant's photo (the `photo` folder of the document upload); returns the response. */
export const postPhoto = (t: TestContext, registrantId: number, token: string, png: Buffer) =>
  call(t.app, {
    method: 'POST',
    url: api(`/registrant/upload/${registrantId}?folder=photo`),
    token,
    ...fileForm(png, 'foto.png', 'image/png'),
  });

/** A plain picture of one colour. */
export const testImage = (format: 'png' | 'jpeg', width: number, height: number, background = '#3a7') =>
  sharp({ create: { width, height, channels: 3, background } })
    [format]()
    .toBuffer();
