import { useId, useState } from 'react';
import { BRAND } from '#shared/brand.ts';
import type { ChipPhoto } from '#shared/chips.schemas.ts';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useAddChipPhoto } from '../api/add-chip-photo.ts';

/** Photographs of the real resin disc once it is made: each file is uploaded as it is chosen. */
export function ChipPhotosPanel({ chipId }: { chipId: number }) {
  const toast = useToast();
  const add = useAddChipPhoto();
  const inputId = useId();
  const [photos, setPhotos] = useState<ChipPhoto[] | null>(null);

  const upload = async (file: File) => {
    try {
      setPhotos(await add.mutateAsync({ id: chipId, file }));
      toast({ title: 'Photograph added', description: `It is shown first on the ${BRAND.name}'s page.` });
    } catch (err) {
      toast({
        title: 'Failed to add the photograph',
        description: errorMessage(err, 'Failed to add the photograph'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="rounded-lg border border-gray-200 p-4">
      <h3 id={`${inputId}-heading`} className="text-sm font-semibold text-gray-900">
        Photographs of the made {BRAND.name}
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        Photographs of the real resin disc, shown first on its page.
      </p>
      <label htmlFor={inputId} className="mt-3 block text-sm font-medium text-gray-800">
        Add a photograph
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/gif"
        disabled={add.isPending}
        className="mt-1 block text-sm"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void upload(file);
        }}
      />
      {add.isPending && <p className="mt-2 text-sm text-gray-700">Uploading…</p>}
      {photos && photos.length > 0 && (
        <ul aria-label="Photographs" className="mt-3 flex flex-wrap gap-2">
          {photos.map((p, i) => (
            <li key={p.id}>
              <img
                src={p.variants[0]?.url ?? p.url}
                alt={`Photograph ${i + 1}`}
                width={48}
                height={48}
                className="h-12 w-12 rounded object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
