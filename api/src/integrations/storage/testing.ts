import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver is a local S3-compatible server (real S3 REST/XML wire format) for tests; not part of the build.
import S3rver from 's3rver';

export interface LocalS3 {
  /** Environment that points createStorage at the bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts an S3-compatible server on a free local port with one empty bucket; files under a temp folder. */
export async function startLocalS3(bucket = 'psb-uploads'): Promise<LocalS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psb-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return {
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development credentials; it checks the request signatures made with them.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
