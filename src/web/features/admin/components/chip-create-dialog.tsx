import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BRAND } from '#shared/brand.ts';
import { AdminChipCreateSchema, type AdminChipCreateForm } from '#shared/admin.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useCreateChip } from '../api/create-chip.ts';
import { CHIP_LINK_FIELDS, CheckboxField, SelectField } from './admin-ui.tsx';

type FormValues = Omit<AdminChipCreateForm, 'isCustomerMinting'> & {
  isCustomerMinting: boolean;
  image?: FileList;
  additionalImages?: FileList;
};

const TEXT_FIELDS = [
  'title',
  'description',
  'price',
  'discountPercent',
  'customUrlPath',
  'associatedUrl',
  'tiktokUrl',
  'youtubeUrl',
  'instagramUrl',
  'xUrl',
  'shape',
  'creatorUsername',
] as const;

/** Create any chip (spec §3 admin chip form): company-made by default, or for a customer to price. */
export function ChipCreateDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const create = useCreateChip();
  const chipForm = useForm<FormValues>({
    resolver: zodResolver(AdminChipCreateSchema) as never,
    defaultValues: { isCustomerMinting: false, shape: 'round' },
  });
  const {
    register,
    handleSubmit,
    control,
    reset,
    getValues,
    setError,
    formState: { errors },
  } = chipForm;
  const isCustomerMinting = useWatch({ control, name: 'isCustomerMinting' });

  const onSubmit = handleSubmit(async (values) => {
    // The schema only knows the text fields, so the files are read from the form itself.
    const image = getValues('image')?.[0];
    if (!image) {
      setError('image', { message: `Please select an image for your ${BRAND.name}.` });
      return;
    }
    const form = new FormData();
    for (const key of TEXT_FIELDS) form.append(key, String(values[key] ?? ''));
    form.append('isCustomerMinting', values.isCustomerMinting ? 'true' : 'false');
    form.append('image', image);
    Array.from(getValues('additionalImages') ?? []).forEach((file, i) =>
      form.append(`additionalImage${i}`, file),
    );
    try {
      const chip = await create.mutateAsync(form);
      toast({ title: `${BRAND.name} Created`, description: `"${chip.title}" was created.` });
      reset();
      onOpenChange(false);
    } catch (err) {
      applyServerErrors(chipForm, err);
      toast({
        title: 'Creation Error',
        description: errorMessage(err, `Failed to create ${BRAND.name}`),
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Create ${BRAND.name}`} className="max-w-2xl">
      <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3 sm:grid-cols-2" noValidate>
        <TextField
          label="Title *"
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
          label="Custom URL path *"
          hint={`/${BRAND.slug}/{username}/your-path`}
          error={errors.customUrlPath?.message}
          {...register('customUrlPath')}
        />
        <SelectField label="Shape" {...register('shape')}>
          <option value="round">Round</option>
          <option value="square">Square</option>
        </SelectField>
        <TextField
          label={isCustomerMinting ? 'Price (USD, optional)' : 'Price (USD) *'}
          inputMode="decimal"
          error={errors.price?.message}
          {...register('price')}
        />
        <TextField
          label="Discount (%)"
          type="number"
          min={0}
          max={100}
          step={0.01}
          error={errors.discountPercent?.message}
          {...register('discountPercent')}
        />
        <CheckboxField
          label="Customer minting (the customer prices and activates it)"
          className="sm:col-span-2"
          {...register('isCustomerMinting')}
        />
        {isCustomerMinting && (
          <TextField
            label="Customer username *"
            error={errors.creatorUsername?.message}
            className="sm:col-span-2"
            {...register('creatorUsername')}
          />
        )}
        {CHIP_LINK_FIELDS.map(([name, label]) => (
          <TextField key={name} label={label} type="url" error={errors[name]?.message} {...register(name)} />
        ))}
        <TextField
          label="Image *"
          type="file"
          accept="image/jpeg,image/png,image/gif"
          error={errors.image?.message}
          {...register('image')}
        />
        <TextField
          label="Additional images"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/gif"
          {...register('additionalImages')}
        />
        <div className="flex justify-end gap-2 pt-2 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : `Create ${BRAND.name}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
