import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { jobHandler } from '#server/lib/worker-pool.ts';
import { encodeImage, type EncodedImage, type ImageType } from './media.encode.ts';

/**
 * An image worker thread (media.pool.ts starts them, through piscina). libvips gets one thread per pipeline, so an
 * image costs at most one core; sharp.concurrency is process-wide, and only these workers use sharp
 * on the server's request path (docs/decisions/026-image-worker-pool.md).
 */
sharp.concurrency(1);
// libvips' operation cache only helps repeated identical operations; uploads never repeat.
sharp.cache(false);

export type EncodeJob = { bytes: Uint8Array; type: ImageType; budgetMs: number };
export type EncodeJobResult = EncodedImage & { threadId: number };

export default jobHandler<EncodeJob, EncodeJobResult>(async (job) => ({
  ...(await encodeImage(job.bytes, job.type, job.budgetMs)),
  threadId,
}));
