import os from 'node:os';
import type { Config } from '#server/config.ts';
import { IMAGE_TOO_SLOW_MESSAGE, IMAGES_BUSY_MESSAGE, IMAGE_FAILED_MESSAGE } from '#shared/media.schemas.ts';
import { ERROR_CODES, type ErrorCode } from '#shared/errors.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  PoolBusyError,
  PoolTimeoutError,
  WorkerCrashedError,
  WorkerJobError,
  WorkerPool,
  type WorkerPoolStats,
} from '#server/lib/worker-pool.ts';
import { IMAGE_TIME_BUDGET_MS, type EncodedImage, type ImageType } from './media.encode.ts';
import type { EncodeJob, EncodeJobResult } from './media.worker.ts';

/**
 * The process's image workers (docs/decisions/026-image-worker-pool.md). libuv's thread pool is one
 * per process, shared by worker threads, file reads and argon2: each image holds one of its threads
 * while it runs, so at most UV_THREADPOOL_SIZE − 2 images run at once (2 with the default 4), and
 * never more than the cores less one. Further images wait in a short queue; past it, 503.
 */
export function imageWorkerCount(config: Pick<Config, 'imageWorkers' | 'uvThreadpoolSize'>): number {
  if (config.imageWorkers > 0) return config.imageWorkers;
  const cores = os.availableParallelism();
  return Math.max(1, Math.min(cores - 1, config.uvThreadpoolSize - 2));
}

/** Images waiting for a worker: 8 per worker, at least 16 (each holds up to 10 MB of upload). */
const queueLength = (workers: number) => Math.max(16, workers * 8);
/** The worker is terminated this long after the budget if libvips has not stopped by itself. */
const TERMINATE_GRACE_MS = 2_000;

let pool: WorkerPool<EncodeJob, EncodeJobResult> | null = null;

function imagePool(config: Pick<Config, 'imageWorkers' | 'uvThreadpoolSize'>) {
  if (!pool) {
    const size = imageWorkerCount(config);
    pool = new WorkerPool<EncodeJob, EncodeJobResult>({
      script: new URL('./media.worker.ts', import.meta.url),
      size,
      maxQueue: queueLength(size),
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

/** Encodes an image in a worker thread; the request waits for it, the main thread's libuv pool does not. */
export async function encodeInWorker(
  config: Pick<Config, 'imageWorkers' | 'uvThreadpoolSize'>,
  bytes: Buffer,
  type: ImageType,
): Promise<EncodedImage & { threadId: number }> {
  try {
    return await imagePool(config).run({ bytes, type, budgetMs: IMAGE_TIME_BUDGET_MS });
  } catch (err) {
    throw poolErrorToAppError(err);
  }
}

/** How a failed image job answers: the worker's own AppError as it was, the pool's failures mapped. */
export function poolErrorToAppError(err: unknown): unknown {
  if (err instanceof WorkerJobError && isErrorCode(err.code)) return new AppError(err.code, err.message);
  if (err instanceof PoolBusyError) {
    return new AppError('BUSY', IMAGES_BUSY_MESSAGE, { headers: { 'retry-after': '60' } });
  }
  if (err instanceof PoolTimeoutError) return new AppError('UNPROCESSABLE', IMAGE_TOO_SLOW_MESSAGE);
  // A worker that died on this image (out of memory in a decoder, a crash in libvips): the image is
  // refused, and the pool has already replaced the worker.
  if (err instanceof WorkerCrashedError) return new AppError('UNPROCESSABLE', IMAGE_FAILED_MESSAGE);
  return err;
}
