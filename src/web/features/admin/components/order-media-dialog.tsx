import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BRAND } from '#shared/brand.ts';
import {
  CreateArtchipFieldsSchema,
  type AdminOrder,
  type CreateArtchipFields,
} from '#shared/orders.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCreateArtchipFromOrder } from '../api/create-artchip-from-order.ts';
import { useUploadOrderMedia } from '../api/upload-order-media.ts';
import { CHIP_LINK_FIELDS, SelectField } from './admin-ui.tsx';

type FormValues = CreateArtchipFields & { image?: FileList; additionalImages?: FileList };

// Spec §3 admin media form: the artwork, its video, then the chip's links.
const URL_FIELDS = [
  ['adminVideoUrl', 'Video URL'],
  ...CHIP_LINK_FIELDS,
  ['facebookUrl', 'Facebook URL'],
] as const;

/** Builds the multipart body: image, additionalImage0..n, the video and the link fields. */
function toFormData(values: FormValues, files: Pick<FormValues, 'image' | 'additionalImages'>): FormData {
  const form = new FormData();
  const image = files.image?.[0];
  if (image) form.append('image', image);
  Array.from(files.additionalImages ?? []).forEach((file, i) => form.append(`additionalImage${i}`, file));
  for (const [key] of URL_FIELDS) form.append(key, values[key] ?? '');
  if (values.shape) form.append('shape', values.shape);
  return form;
}

/**
 * The media form of an order (spec §3 admin media form): 'Create Artchip' makes the chip; for a
 * surprize mint, 'Upload Media' stores the admin's artwork first.
 */
export function OrderMediaDialog({
  order,
  mode,
  onClose,
}: {
  order: AdminOrder | null;
  mode: 'create' | 'media';
  onClose: () => void;
}) {
  const toast = useToast();
  const create = useCreateArtchipFromOrder();
  const upload = useUploadOrderMedia();
  const busy = create.isPending || upload.isPending;
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(CreateArtchipFieldsSchema) as never,
    // No shape: the chip takes the one its creator chose in the mint studio, unless the admin picks one.
    defaultValues: { associatedUrl: order?.mintAssociatedUrl ?? '', shape: undefined },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!order) return;
    // The schema only knows the text fields, so the files are read from the form itself.
    const form = toFormData(values, {
      image: getValues('image'),
      additionalImages: getValues('additionalImages'),
    });
    try {
      if (mode === 'create') {
        await create.mutateAsync({ id: order.id, form });
        toast({
          title: `${BRAND.name} Created`,
          description: `The ${BRAND.name} was created and the creator notified.`,
        });
      } else {
        await upload.mutateAsync({ id: order.id, form });
        toast({ title: 'Media Uploaded', description: 'The artwork was saved for this order.' });
      }
      close();
    } catch (err) {
      if (mode === 'create') {
        toast({
          title: `Error Creating ${BRAND.name}`,
          description: errorMessage(err, `Failed to create ${BRAND.name}`),
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Error',
          description: errorMessage(err, 'Failed to upload media. Please try again.'),
          variant: 'destructive',
        });
      }
    }
  });

  const title = mode === 'create' ? `Create ${BRAND.name}` : 'Upload Media';
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => !open && close()}
      title={title}
      description={order ? `Order #${order.id}: ${order.mintTitle ?? ''} by ${order.username}` : undefined}
    >
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-3" noValidate>
        {(mode === 'media' || order?.isSurprize) && (
          <TextField
            label={mode === 'media' ? 'Artwork image' : 'Image'}
            type="file"
            accept="image/jpeg,image/png,image/gif"
            {...register('image')}
          />
        )}
        {mode === 'create' && !order?.isSurprize && order?.originalImageUrl && (
          <div className="flex items-center gap-3 text-sm text-gray-800">
            <img
              src={order.originalImageUrl}
              alt={`The creator's image for ${order.mintTitle ?? 'this mint'}`}
              width={64}
              height={64}
              className="h-16 w-16 rounded object-cover"
            />
            The creator&apos;s image is used.
          </div>
        )}
        <TextField
          label="Additional images"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/gif"
          {...register('additionalImages')}
        />
        {URL_FIELDS.map(([name, label]) => (
          <TextField
            key={name}
            label={label}
            type="url"
            placeholder="https://"
            error={errors[name]?.message}
            {...register(name)}
          />
        ))}
        <SelectField label="Shape" {...register('shape', { setValueAs: (v: string) => v || undefined })}>
          <option value="">Keep the creator&apos;s choice</option>
          <option value="round">Round</option>
          <option value="square">Square</option>
        </SelectField>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : title}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
