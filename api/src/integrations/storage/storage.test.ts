import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createStorage, type StorageAdapter } from './index';
import { type LocalS3, startLocalS3 } from './testing';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-storage-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const adapters: [string, () => StorageAdapter][] = [
  ['local', () => createStorage({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir })],
  ['s3', () => createStorage(s3.env)],
];

describe.each(adapters)('%s storage adapter', (kind, make) => {
  it('stores, reads back, replaces and deletes an object', async () => {
    const storage = make();
    expect(storage.kind).toBe(kind);
    const key = `t1/registrants/7/kk-${kind}.pdf`;
    await storage.put(key, Buffer.from('%PDF-1.4 pertama'), 'application/pdf');
    await storage.put(key, Buffer.from('%PDF-1.4 kedua'), 'application/pdf');
    const got = await storage.get(key);
    expect(got?.size).toBe(14);
    expect((await read(got!.stream)).toString()).toBe('%PDF-1.4 kedua');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting again is not an error.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('answers null for an object that was never stored', async () => {
    expect(await make().get('t1/registrants/7/missing.jpg')).toBeNull();
  });

  it('refuses keys that could leave the root', async () => {
    await expect(make().put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(make().get('t1//x')).rejects.toThrow('Invalid storage key');
  });
});

describe('createStorage', () => {
  it('refuses an s3 driver without a bucket, with half a key pair, or an unknown driver', () => {
    expect(() => createStorage({ STORAGE_DRIVER: 's3' })).toThrow('S3_BUCKET');
    expect(() => createStorage({ ...s3.env, S3_SECRET_ACCESS_KEY: '' })).toThrow('S3_ACCESS_KEY_ID');
    expect(() => createStorage({ ...s3.env, S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT');
    expect(() => createStorage({ STORAGE_DRIVER: 'gcs' })).toThrow('STORAGE_DRIVER=gcs');
  });

  it('does not reach objects of another bucket', async () => {
    const key = 't1/registrants/1/photo-a.jpg';
    await createStorage(s3.env).put(key, Buffer.from('foto'), 'image/jpeg');
    const other = await startLocalS3('psb-other');
    try {
      expect(await createStorage({ ...other.env }).get(key)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
