import crypto from 'node:crypto';

/** A random URL-safe token for one-time links (reset, verification); 256 bits. */
export const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** Only digests are stored, so a leaked table holds no usable links. */
export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
