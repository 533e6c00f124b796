import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BRAND } from '#shared/brand.ts';
import { AdminChipUpdateSchema, type AdminChip, type AdminChipUpdateForm } from '#shared/admin.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useUpdateChip } from '../api/update-chip.ts';
import { NfcPanel } from './nfc-panel.tsx';
import { ChipPhotosPanel } from './chip-photos-panel.tsx';
import { CheckboxField, SelectField } from './admin-ui.tsx';

type FormValues = Omit<AdminChipUpdateForm, 'isActive' | 'isAvailable'> & {
  isActive: boolean;
  isAvailable: boolean;
  image?: FileList;
  additionalImages?: FileList;
};

/** The statuses an admin sets here; a sold chip keeps its status unless one is chosen. */
function isAdminSettable(status: string): status is NonNullable<FormValues['status']> {
  return status === 'active' || status === 'pending' || status === 'inactive' || status === 'removed';
}

/** Edit any chip (spec §7 PATCH fields plus images), with the NFC panel. */
export function ChipEditDialog({ chip, onClose }: { chip: AdminChip | null; onClose: () => void }) {
  return (
    <Dialog
      open={chip !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${BRAND.name}`}
      className="max-w-2xl"
    >
      {chip && <ChipEditForm chip={chip} onClose={onClose} />}
    </Dialog>
  );
}

function ChipEditForm({ chip, onClose }: { chip: AdminChip; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateChip();
  const chipForm = useForm<FormValues>({
    resolver: zodResolver(AdminChipUpdateSchema) as never,
    defaultValues: {
      title: chip.title,
      description: chip.description ?? '',
      priceUsd: chip.priceUsd ?? '',
      status: isAdminSettable(chip.status) ? chip.status : undefined,
      isActive: chip.isActive,
      isAvailable: chip.isAvailable,
      unitId: chip.unitId ?? '',
      nfcUid: chip.nfcUid ?? '',
      keepAdditionalImageUrls: chip.additionalImageUrls,
      shape: chip.shape === 'square' ? 'square' : 'round',
    },
  });
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = chipForm;

  const onSubmit = handleSubmit(async (values) => {
    const form = new FormData();
    for (const key of ['title', 'description', 'priceUsd', 'unitId', 'nfcUid'] as const)
      form.append(key, values[key] ?? '');
    if (values.status) form.append('status', values.status);
    // A new shape makes the chip's pictures again (its placed disc).
    if (values.shape && values.shape !== chip.shape) form.append('shape', values.shape);
    form.append('isActive', values.isActive ? 'true' : 'false');
    form.append('isAvailable', values.isAvailable ? 'true' : 'false');
    const keep = values.keepAdditionalImageUrls ?? [];
    form.append('keepAdditionalImageUrls', '');
    for (const url of keep) form.append('keepAdditionalImageUrls', url);
    // The schema only knows the text fields, so the files are read from the form itself.
    const image = getValues('image')?.[0];
    if (image) form.append('image', image);
    Array.from(getValues('additionalImages') ?? []).forEach((file, i) =>
      form.append(`additionalImage${i}`, file),
    );
    try {
      await update.mutateAsync({ id: chip.id, form });
      toast({ title: `${BRAND.name} Updated`, description: `"${values.title}" was saved.` });
      onClose();
    } catch (err) {
      applyServerErrors(chipForm, err);
      toast({
        title: `Failed to update ${BRAND.name}`,
        description: errorMessage(err, `Failed to update ${BRAND.name}`),
        variant: 'destructive',
      });
    }
  });

  return (
    <div className="space-y-6">
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3 sm:grid-cols-2" noValidate>
        <TextField
          label="Title"
          error={errors.title?.message}
          className="sm:col-span-2"
          {...register('title')}
        />
        <TextAreaField
          label="Description"
          error={errors.description?.message}
          className="sm:col-span-2"
          {...register('description')}
        />
        <TextField
          label="Price (USD)"
          inputMode="decimal"
          error={errors.priceUsd?.message}
          {...register('priceUsd')}
        />
        <SelectField label="Status" error={errors.status?.message} {...register('status')}>
          {chip.status === 'sold' && <option value="">Sold (unchanged)</option>}
          <option value="active">Active</option>
          <option value="pending">Not listed yet (public, not for sale)</option>
          <option value="inactive">Inactive</option>
          <option value="removed">Taken down (hidden)</option>
        </SelectField>
        <TextField
          label="Unit ID (14 digits)"
          inputMode="numeric"
          error={errors.unitId?.message}
          {...register('unitId')}
        />
        <TextField label="NFC UID" error={errors.nfcUid?.message} {...register('nfcUid')} />
        <SelectField label="Shape" error={errors.shape?.message} {...register('shape')}>
          <option value="round">Round</option>
          <option value="square">Square</option>
        </SelectField>
        <CheckboxField label="Active" {...register('isActive')} />
        <CheckboxField label="Available" {...register('isAvailable')} />
        <TextField
          label="Replace main image"
          type="file"
          accept="image/jpeg,image/png,image/gif"
          {...register('image')}
        />
        <TextField
          label="Add images"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/gif"
          {...register('additionalImages')}
        />
        {chip.additionalImageUrls.length > 0 && (
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-gray-800">Keep additional images</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {chip.additionalImageUrls.map((url, i) => (
                <label key={url} className="flex items-center gap-2 text-sm text-gray-800">
                  <input type="checkbox" value={url} {...register('keepAdditionalImageUrls')} />
                  <img
                    src={url}
                    alt={`Additional image ${i + 1}`}
                    width={48}
                    height={48}
                    className="h-12 w-12 rounded object-cover"
                  />
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="flex justify-end gap-2 pt-2 sm:col-span-2">
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
      <ChipPhotosPanel chipId={chip.id} />
      <NfcPanel chipId={chip.id} />
    </div>
  );
}
