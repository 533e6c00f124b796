import os from 'node:os';
import type { Config } from '#server/config.ts';
import {
  IMAGE_TOO_SLOW_MESSAGE,
  IMAGES_BUSY_MESSAGE,
  IMAGES_PENDING_MESSAGE,
  IMAGE_FAILED_MESSAGE,
} from '#shared/media.schemas.ts';
import { ERROR_CODES, type ErrorCode } from '#shared/errors.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  PoolBusyError,
  PoolKeyBusyError,
  PoolTimeoutError,
  WorkerCrashedError,
  WorkerJobError,
  WorkerPool,
  type WorkerPoolStats,
} from '#server/lib/worker-pool.ts';
import { IMAGE_TIME_BUDGET_MS, type EncodedImage, type ImageType } from './media.encode.ts';
import type { DiscDesign, RenderedDisc } from './media.disc.ts';
import type { DiscJob, DiscJobResult, EncodeJob, EncodeJobResult } from './media.worker.ts';

/**
 * The process's image workers (docs/decisions/026-image-worker-pool.md): one per core but one, so
 * the request thread keeps a core. libuv's thread pool is one per process, shared by worker threads,
 * file reads and argon2: each image holds one of its threads while it runs, so at most
 * UV_THREADPOOL_SIZE − 2 images run at once (2 with the default 4; raise it on larger machines).
 * Further images wait in a fair queue, one line per account (docs/decisions/039-fair-image-queue.md).
 */
export function imageWorkerCount(config: Pick<Config, 'imageWorkers' | 'uvThreadpoolSize'>): number {
  if (config.imageWorkers > 0) return config.imageWorkers;
  const cores = os.availableParallelism();
  return Math.max(1, Math.min(cores - 1, config.uvThreadpoolSize - 2));
}

/** Images waiting for a worker: 8 per worker, at least 16 (each holds up to 10 MB of upload). */
const queueLength = (workers: number) => Math.max(16, workers * 8);
/**
 * Images one account may have waiting while one of its images is processed (one runs at a time per
 * account); past it, 429. The web app sends one at a time; this leaves room for a few open tabs.
 */
export const IMAGES_WAITING_PER_ACCOUNT = 3;
/** The worker is terminated this long after the budget if libvips has not stopped by itself. */
const TERMINATE_GRACE_MS = 2_000;

let pool: WorkerPool<EncodeJob | DiscJob, EncodeJobResult | DiscJobResult> | null = null;

function imagePool(config: Pick<Config, 'imageWorkers' | 'uvThreadpoolSize'>) {
  if (!pool) {
    const size = imageWorkerCount(config);
    pool = new WorkerPool<EncodeJob | DiscJob, EncodeJobResult | DiscJobResult>({
      script: new URL('./media.worker.ts', import.meta.url),
      size,
      maxQueue: queueLength(size),
      maxQueuedPerKey: IMAGES_WAITING_PER_ACCOUNT,
      timeoutMs: IMAGE_TIME_BUDGET_MS + TERMINATE_GRACE_MS,
      // A JS heap for messages only; pixels live in libvips, bounded by the pixel budgets.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
  }
  return pool;
}

/** Counters of this process's image pool (tests check that images were processed in workers). */
export function imagePoolStats(): WorkerPoolStats | null {
  return pool?.stats() ?? null;
}

function isErrorCode(code: string | undefined): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code ?? '');
}

/**
 * Encodes an image in a worker thread; the request waits for it, the main thread's libuv pool does
 * not. `owner` is whose image it is (`account:<id>`, or `system` for the demo seed): one runs at a
 * time per owner, and owners take turns.
 */
export async function encodeInWorker(
  config: Pick<Config, 'imageWorkers' | 'uvThreadpoolSize'>,
  bytes: Buffer,
  type: ImageType,
  owner: string,
): Promise<EncodedImage & { threadId: number }> {
  try {
    const job: EncodeJob = { bytes, type, budgetMs: IMAGE_TIME_BUDGET_MS };
    return (await imagePool(config).run(job, { key: owner })) as EncodeJobResult;
  } catch (err) {
    throw poolErrorToAppError(err);
  }
}

/**
 * Renders a chip's placed disc (media.disc.ts) in a worker thread, in `owner`'s line of the fair
 * queue like an upload.
 */
export async function renderDiscInWorker(
  config: Pick<Config, 'imageWorkers' | 'uvThreadpoolSize'>,
  bytes: Buffer,
  design: DiscDesign,
  owner: string,
): Promise<RenderedDisc & { threadId: number }> {
  try {
    const job: DiscJob = { kind: 'disc', bytes, design, budgetMs: IMAGE_TIME_BUDGET_MS };
    return (await imagePool(config).run(job, { key: owner })) as DiscJobResult;
  } catch (err) {
    throw poolErrorToAppError(err);
  }
}

/** How a failed image job answers: the worker's own AppError as it was, the pool's failures mapped. */
export function poolErrorToAppError(err: unknown): unknown {
  if (err instanceof WorkerJobError && isErrorCode(err.code)) return new AppError(err.code, err.message);
  if (err instanceof PoolKeyBusyError) {
    return new AppError('RATE_LIMITED', IMAGES_PENDING_MESSAGE, { headers: { 'retry-after': '10' } });
  }
  if (err instanceof PoolBusyError) {
    return new AppError('BUSY', IMAGES_BUSY_MESSAGE, { headers: { 'retry-after': '60' } });
  }
  if (err instanceof PoolTimeoutError) return new AppError('UNPROCESSABLE', IMAGE_TOO_SLOW_MESSAGE);
  // A worker that died on this image (out of memory in a decoder, a crash in libvips): the image is
  // refused, and the pool has already replaced the worker.
  if (err instanceof WorkerCrashedError) return new AppError('UNPROCESSABLE', IMAGE_FAILED_MESSAGE);
  return err;
}
