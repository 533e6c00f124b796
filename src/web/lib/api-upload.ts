/**
 * Uploads with progress, in a module of its own: only the pages that upload load it, so it stays out
 * of the first script every page loads (issue 12's 90 KB budget).
 */
import { ApiRequestError, requestFailure } from './api-client.ts';

/** How far an upload is: `sent` of `total` bytes; when all are sent the server is processing them. */
export type UploadProgress = { sent: number; total: number };

/** Where an upload is, for its status line: its bytes going out, or the server processing them. */
export type UploadStage = { phase: 'sending'; fraction: number } | { phase: 'processing' };

/**
 * POSTs a form through XMLHttpRequest, the one browser API that reports upload progress (fetch cannot
 * stream a request body's progress in every browser yet). Same session cookie (same origin), same errors as `api`.
 */
export function apiUpload<T = unknown>(
  path: string,
  body: FormData,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ sent: event.loaded, total: event.total });
    };
    // Every byte is sent: the server is reading and processing the image now.
    xhr.upload.onload = () => options.onProgress?.({ sent: 1, total: 1 });
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(requestFailure(path, {}, xhr.status, text, xhr.statusText));
        return;
      }
      try {
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch {
        reject(new ApiRequestError(xhr.status, 'The server answered something unexpected.'));
      }
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
