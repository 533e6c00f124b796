import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { jobHandler } from '#server/lib/worker-pool.ts';
import { renderDisc, type DiscDesign, type RenderedDisc } from './media.disc.ts';
import { encodeImage, type EncodedImage, type ImageType } from './media.encode.ts';

/**
 * An image worker thread (media.pool.ts starts them, through piscina). libvips gets one thread per pipeline, so an
 * image costs at most one core; sharp.concurrency is process-wide, and only these workers use sharp
 * on the server's request path (docs/decisions/026-image-worker-pool.md).
 */
sharp.concurrency(1);
// libvips' operation cache only helps repeated identical operations; uploads never repeat.
sharp.cache(false);

/** An upload to re-encode (the default kind), or a chip's placed disc to render (media.disc.ts). */
export type EncodeJob = { kind?: 'encode'; bytes: Uint8Array; type: ImageType; budgetMs: number };
export type DiscJob = { kind: 'disc'; bytes: Uint8Array; design: DiscDesign; budgetMs: number };
export type EncodeJobResult = EncodedImage & { threadId: number };
export type DiscJobResult = RenderedDisc & { threadId: number };

export default jobHandler<EncodeJob | DiscJob, EncodeJobResult | DiscJobResult>(async (job) =>
  job.kind === 'disc'
    ? { ...(await renderDisc(job.bytes, job.design, job.budgetMs)), threadId }
    : { ...(await encodeImage(job.bytes, job.type, job.budgetMs)), threadId },
);
