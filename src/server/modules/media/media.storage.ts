import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '#server/config.ts';

/** Stored media files are immutable: their name is the sha256 of their bytes. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A content-addressed name: 64 hex digits and an image extension. */
export const MEDIA_NAME_PATTERN = /^[0-9a-f]{64}\.(?:webp|avif|jpg|png|gif)$/;

export const MEDIA_CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

type StoredMedia = { body: Readable; size: number | undefined; contentType: string };

/** Where media bytes live: the data folder by default, an S3-compatible bucket when configured. */
export type MediaStorage = {
  kind: 'local' | 's3';
  /** Writes a file; writing the same name twice is harmless (same bytes). */
  put: (name: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** Reads a file for the /media proxy, or null when absent. */
  get: (name: string) => Promise<StoredMedia | null>;
  /** The URL the browser loads the file from. */
  urlFor: (name: string) => string;
};

/** Files under DATA_DIR/media, served by GET /media/:name. */
export function createLocalStorage(dir: string): MediaStorage {
  return {
    kind: 'local',
    put: async (name, bytes) => {
      await fs.promises.mkdir(dir, { recursive: true });
      const target = path.join(dir, name);
      if (fs.existsSync(target)) return;
      // Write then rename, so a reader never sees a half-written file under its final name. The
      // temporary name is unique: two requests storing the same bytes at once each rename their own.
      const tmp = `${target}.${process.pid}.${crypto.randomUUID()}.tmp`;
      await fs.promises.writeFile(tmp, bytes);
      await fs.promises.rename(tmp, target);
    },
    get: async (name) => {
      const file = path.join(dir, name);
      try {
        const stat = await fs.promises.stat(file);
        const ext = name.split('.').pop() ?? '';
        return {
          body: fs.createReadStream(file),
          size: stat.size,
          contentType: MEDIA_CONTENT_TYPES[ext] ?? 'application/octet-stream',
        };
      } catch {
        return null;
      }
    },
    urlFor: (name) => `/media/${name}`,
  };
}

type S3Config = NonNullable<Config['s3']>;

/** Objects in an S3-compatible bucket; served from S3_PUBLIC_URL when set, else proxied by /media. */
export function createS3Storage(config: S3Config, client?: Pick<S3Client, 'send'>): MediaStorage {
  const s3 =
    client ??
    new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      // MinIO and most S3-compatible services want path-style addressing.
      forcePathStyle: Boolean(config.endpoint),
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  const publicBase = config.publicUrl?.replace(/\/+$/, '');
  return {
    kind: 's3',
    put: async (name, bytes, contentType) => {
      const exists = await s3
        .send(new HeadObjectCommand({ Bucket: config.bucket, Key: name }))
        .then(() => true)
        .catch(() => false);
      if (exists) return;
      await s3.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: name,
          Body: bytes,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    get: async (name) => {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key: name }));
        if (!out.Body) return null;
        const ext = name.split('.').pop() ?? '';
        return {
          body:
            out.Body instanceof Readable ? out.Body : Readable.from(out.Body as AsyncIterable<Uint8Array>),
          size: out.ContentLength,
          contentType: out.ContentType ?? MEDIA_CONTENT_TYPES[ext] ?? 'application/octet-stream',
        };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    urlFor: (name) => (publicBase ? `${publicBase}/${name}` : `/media/${name}`),
  };
}

// Keyed by the config object, which one app and every service context made from it share.
const storages = new WeakMap<Config, MediaStorage>();

/** This app's media storage, chosen by configuration once per app. */
export function getMediaStorage({ config }: { config: Config }): MediaStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'media'));
    storages.set(config, storage);
  }
  return storage;
}
