import type { UploadStage } from '#web/lib/api-upload.ts';

/** What an upload is doing, in words, with its progress bar while the bytes are being sent. */
export function UploadStatus({ stage }: { stage: UploadStage }) {
  const percent = stage.phase === 'sending' ? Math.round(stage.fraction * 100) : null;
  return (
    <div role="status" className="space-y-1 text-sm text-gray-800">
      <p>{percent === null ? 'Processing your image…' : `Uploading your image… ${percent}%`}</p>
      <progress
        aria-label={percent === null ? 'Processing your image' : 'Uploading your image'}
        className="h-2 w-full accent-brand-600"
        max={100}
        {...(percent === null ? {} : { value: percent })}
      />
    </div>
  );
}
