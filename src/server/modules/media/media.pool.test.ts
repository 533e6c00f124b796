import { describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/app-error.ts';
import {
  PoolBusyError,
  PoolKeyBusyError,
  PoolTimeoutError,
  WorkerCrashedError,
  WorkerJobError,
} from '#server/lib/worker-pool.ts';
import { imageWorkerCount, poolErrorToAppError } from './media.pool.ts';

describe('imageWorkerCount', () => {
  it('leaves two libuv threads free and one core, with at least one worker', () => {
    const n = imageWorkerCount({ imageWorkers: 0, uvThreadpoolSize: 4 });
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(2);
    expect(imageWorkerCount({ imageWorkers: 0, uvThreadpoolSize: 1 })).toBe(1);
  });

  it('takes IMAGE_WORKERS as given', () => {
    expect(imageWorkerCount({ imageWorkers: 3, uvThreadpoolSize: 4 })).toBe(3);
  });
});

describe('poolErrorToAppError', () => {
  it('answers a full queue with 503 BUSY and Retry-After', () => {
    const err = poolErrorToAppError(new PoolBusyError('full'));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'BUSY',
      statusCode: 503,
      message: 'We are processing many images right now. Please try again in a minute.',
      headers: { 'retry-after': '60' },
    });
  });

  it('answers an account with images already waiting with 429 and a short Retry-After', () => {
    expect(poolErrorToAppError(new PoolKeyBusyError('waiting'))).toMatchObject({
      code: 'RATE_LIMITED',
      statusCode: 429,
      message:
        'Your previous images are still being processed. Please wait for them to finish and try again.',
      headers: { 'retry-after': '10' },
    });
  });

  it('answers a job past its budget or a dead worker with 422', () => {
    expect(poolErrorToAppError(new PoolTimeoutError('slow'))).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'This image takes too long to process. Please select a smaller image.',
    });
    expect(poolErrorToAppError(new WorkerCrashedError('died'))).toMatchObject({
      code: 'UNPROCESSABLE',
      statusCode: 422,
    });
  });

  it("keeps the worker's own error code, and leaves unknown errors alone", () => {
    expect(poolErrorToAppError(new WorkerJobError('Too big', 'FILE_TOO_LARGE'))).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Too big',
      statusCode: 413,
    });
    const odd = new WorkerJobError('boom', 'NOT_A_CODE');
    expect(poolErrorToAppError(odd)).toBe(odd);
  });
});
