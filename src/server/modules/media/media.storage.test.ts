import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createLocalStorage, createS3Storage, MEDIA_CACHE_CONTROL } from './media.storage.ts';

/** An in-memory stand-in for the S3 client's `send`. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType?: string; cacheControl?: string }>();
  const sent: string[] = [];
  const send = async (command: unknown) => {
    sent.push((command as object).constructor.name);
    if (command instanceof PutObjectCommand) {
      const i = command.input;
      objects.set(i.Key!, {
        body: i.Body as Buffer,
        contentType: i.ContentType,
        cacheControl: i.CacheControl,
      });
      return {};
    }
    if (command instanceof HeadObjectCommand) {
      if (!objects.has(command.input.Key!)) throw Object.assign(new Error('NotFound'), { name: 'NotFound' });
      return {};
    }
    if (command instanceof GetObjectCommand) {
      const o = objects.get(command.input.Key!);
      if (!o) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
      return { Body: Readable.from([o.body]), ContentLength: o.body.length, ContentType: o.contentType };
    }
    throw new Error('unexpected command');
  };
  return { client: { send } as never, objects, sent };
}

const config = {
  endpoint: 'http://127.0.0.1:9000',
  bucket: 'media',
  region: 'us-east-1',
  accessKeyId: 'k',
  secretAccessKey: 's',
  publicUrl: undefined as string | undefined,
};

describe('S3 media storage', () => {
  it('puts immutable objects once, reads them back, and proxies through /media without a public URL', async () => {
    const s3 = fakeS3();
    const storage = createS3Storage(config, s3.client);
    const name = `${'a'.repeat(64)}.webp`;
    await storage.put(name, Buffer.from('bytes'), 'image/webp');
    await storage.put(name, Buffer.from('bytes'), 'image/webp');
    expect(s3.sent.filter((c) => c === 'PutObjectCommand')).toHaveLength(1);
    expect(s3.objects.get(name)).toMatchObject({
      contentType: 'image/webp',
      cacheControl: MEDIA_CACHE_CONTROL,
    });
    const got = await storage.get(name);
    expect(got?.contentType).toBe('image/webp');
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('bytes');
    expect(await storage.get(`${'b'.repeat(64)}.png`)).toBeNull();
    expect(storage.urlFor(name)).toBe(`/media/${name}`);
  });

  it('serves from S3_PUBLIC_URL when set', () => {
    const storage = createS3Storage(
      { ...config, publicUrl: 'https://cdn.example.com/art/' },
      fakeS3().client,
    );
    expect(storage.urlFor('x.png')).toBe('https://cdn.example.com/art/x.png');
  });
});

describe('createLocalStorage', () => {
  it('stores the same file put by several requests at once', async () => {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'artchip-media-'));
    try {
      const storage = createLocalStorage(dir);
      const name = `${'ab'.repeat(32)}.png`;
      const bytes = Buffer.from('the same image, stored twice at once');
      await Promise.all(Array.from({ length: 8 }, () => storage.put(name, bytes, 'image/png')));
      expect(await fs.promises.readFile(path.join(dir, name))).toEqual(bytes);
      expect(await fs.promises.readdir(dir)).toEqual([name]);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  });
});
