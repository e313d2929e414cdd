import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, type StorageAdapter } from './index';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Absent: AWS itself. Otherwise any S3-compatible store (MinIO, Ceph, R2, a provider's object storage). */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` addressing, which most self-hosted stores need. */
  forcePathStyle: boolean;
}

/**
 * Objects in an S3-compatible bucket, so every api instance sees the same uploads. Without explicit keys the
 * SDK's usual credential chain applies (environment, instance role). Objects are written private.
 */
export function createS3Storage(o: S3StorageOptions): StorageAdapter {
  const client = new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle,
    credentials:
      o.accessKeyId && o.secretAccessKey
        ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey }
        : undefined,
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: o.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
        if (!res.Body) return null;
        return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      // S3 answers a delete of a missing key with 204 too.
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}
