import { useEffect, useId, useRef, useState } from 'react';
import { Circle, Square } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { BRAND } from '#shared/brand.ts';
import { MintDataSchema, type MintData } from '#shared/checkout.schemas.ts';
import { ACCEPTED_IMAGE_TYPES, IMAGE_REQUIRED_MESSAGE } from '#shared/media.schemas.ts';
import {
  aspectOf,
  clampCrop,
  DEFAULT_CROP,
  roundCrop,
  type ChipCrop,
  type DiscShape,
} from '#shared/chip-crop.ts';
import { formatUsd, parseUsdToCents } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { useUploadMedia } from '../api/upload-media.ts';
import { UploadStatus } from '#web/components/upload-status.tsx';
import { checkImageFile } from '#web/lib/image-file.ts';
import type { CropUpdate } from './crop-editor.tsx';
import { MintStudio } from './mint-studio.tsx';

/** The create dialog's text fields, with the mint schema's own rules and messages. */
const CreateMintFormSchema = z.object({
  isSurprize: MintDataSchema.shape.isSurprize,
  title: MintDataSchema.shape.title,
  description: MintDataSchema.shape.description,
  associatedUrl: MintDataSchema.shape.associatedUrl,
});
type CreateMintFormInput = z.input<typeof CreateMintFormSchema>;
type CreateMintFormValues = z.output<typeof CreateMintFormSchema>;

const EMPTY_FORM: CreateMintFormInput = { isSurprize: false, title: '', description: '', associatedUrl: '' };

function priceLabel(value: string | undefined): string {
  if (!value) return '';
  try {
    return formatUsd(parseUsdToCents(value));
  } catch {
    return '';
  }
}

type CreateMintDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the mint (image already uploaded) when the creator proceeds to payment. */
  onProceed: (mint: MintData) => void;
  /** The artwork choice the dialog opens (and resets) with: 'Surprize mint' when true. */
  initialIsSurprize?: boolean;
};

const SHAPES: { value: DiscShape; label: string; Icon: typeof Circle }[] = [
  { value: 'round', label: 'Round', Icon: Circle },
  { value: 'square', label: 'Square', Icon: Square },
];

/**
 * 'Create Your Artchip' (spec §2) as a mint studio: round or square, the image placed, zoomed and
 * turned in the disc and seen at 54 mm (or a surprize mint), then title and description.
 */
export function CreateMintDialog({
  open,
  onOpenChange,
  onProceed,
  initialIsSurprize = false,
}: CreateMintDialogProps) {
  const emptyForm: CreateMintFormInput = { ...EMPTY_FORM, isSurprize: initialIsSurprize };
  const toast = useToast();
  const settings = useSiteSettings({ enabled: open });
  const upload = useUploadMedia();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const [image, setImage] = useState<{ file: File; previewUrl: string } | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [shape, setShape] = useState<DiscShape>('round');
  const [crop, setCrop] = useState<ChipCrop>(DEFAULT_CROP);
  // The image's proportions, read from the chosen file once it has loaded (null until then).
  const [aspect, setAspect] = useState<number | null>(null);
  // Its size in pixels, for the print sharpness note.
  const [imageSize, setImageSize] = useState<{ width: number; height: number } | null>(null);
  const form = useForm<CreateMintFormInput, unknown, CreateMintFormValues>({
    resolver: zodResolver(CreateMintFormSchema),
    defaultValues: emptyForm,
  });
  const isSurprize = useWatch({ control: form.control, name: 'isSurprize' });
  const title = useWatch({ control: form.control, name: 'title' });
  const errors = form.formState.errors;

  // The preview's object URL is released when replaced and when the dialog unmounts.
  const previewUrlRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    },
    [],
  );

  function showImage(file: File | null) {
    if (previewUrlRef.current) URL.revokeObjectURL(previewUrlRef.current);
    const previewUrl = file ? URL.createObjectURL(file) : null;
    previewUrlRef.current = previewUrl;
    setImage(file && previewUrl ? { file, previewUrl } : null);
    setAspect(null);
    setImageSize(null);
    setCrop(DEFAULT_CROP);
  }

  const fit = (next: ChipCrop, nextShape = shape) =>
    clampCrop(next, { aspect: aspect ?? 1, shape: nextShape });
  const updateCrop = (update: CropUpdate) => setCrop((current) => fit(update(current)));
  function chooseShape(next: DiscShape) {
    setShape(next);
    // A square's corners reach further than a circle: keep them on the image.
    setCrop((current) => fit(current, next));
  }

  function clearImage() {
    showImage(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  function reset() {
    form.reset(emptyForm);
    clearImage();
    setImageError(null);
    setShape('round');
  }

  function chooseFile(chosen: File | undefined) {
    setImageError(null);
    if (!chosen) return clearImage();
    const problem = checkImageFile(chosen);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      setImageError(problem.description);
      clearImage();
      return;
    }
    showImage(chosen);
  }

  function requireImage(): boolean {
    if (isSurprize || image) return true;
    setImageError(IMAGE_REQUIRED_MESSAGE);
    toast({ title: 'Image Required', description: IMAGE_REQUIRED_MESSAGE, variant: 'destructive' });
    return false;
  }

  async function proceed(values: CreateMintFormValues) {
    if (!requireImage()) return;
    let imageUrl: string | undefined;
    if (!values.isSurprize && image) {
      try {
        imageUrl = (await upload.mutateAsync(image.file)).url;
      } catch (err) {
        const message =
          err instanceof ApiRequestError ? err.message : 'The image could not be uploaded. Please try again.';
        const title =
          err instanceof ApiRequestError && err.code === 'INVALID_FILE_TYPE'
            ? 'Invalid file type'
            : err instanceof ApiRequestError && err.code === 'FILE_TOO_LARGE'
              ? 'File too large'
              : 'Upload failed';
        setImageError(message);
        toast({ title, description: message, variant: 'destructive' });
        return;
      }
    }
    const mint: MintData = {
      isSurprize: values.isSurprize,
      title: values.title,
      shape,
      // A surprize mint's artwork is made for the disc: there is nothing of the creator's to place.
      ...(values.isSurprize ? {} : { crop: roundCrop(crop) }),
      ...(values.description ? { description: values.description } : {}),
      ...(imageUrl ? { imageUrl } : {}),
      ...(values.associatedUrl ? { associatedUrl: values.associatedUrl } : {}),
    };
    // Spec §4: the create dialog resets its form and image on proceeding.
    reset();
    onProceed(mint);
  }

  const customPrice = priceLabel(settings.data?.customMintingCost);
  const surprizePrice = priceLabel(settings.data?.surprizeMintingCost);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Create Your ${BRAND.name}`}
      // cn() does not merge Tailwind classes: the important flag wins over the dialog's max-w-lg.
      className={image && !isSurprize ? 'max-w-4xl!' : undefined}
    >
      <form
        noValidate
        onSubmit={(e) => void form.handleSubmit(proceed, () => requireImage())(e)}
        className="space-y-4"
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-gray-900">Artwork</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            <label className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input
                type="radio"
                className="mt-1"
                checked={!isSurprize}
                onChange={() => form.setValue('isSurprize', false)}
                name="mint-kind"
              />
              <span>
                <span className="block text-sm font-medium text-gray-900">
                  Custom mint{customPrice && ` · ${customPrice}`}
                </span>
                <span className="block text-xs text-gray-700">Your own image on the {BRAND.name}</span>
              </span>
            </label>
            <label className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input
                type="radio"
                className="mt-1"
                checked={Boolean(isSurprize)}
                onChange={() => {
                  form.setValue('isSurprize', true);
                  setImageError(null);
                }}
                name="mint-kind"
              />
              <span>
                <span className="block text-sm font-medium text-gray-900">
                  Surprize mint{surprizePrice && ` · ${surprizePrice}`}
                </span>
                <span className="block text-xs text-gray-700">Our artists make the artwork for you</span>
              </span>
            </label>
          </div>
        </fieldset>

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-gray-900">Shape</legend>
          <div className="grid grid-cols-2 gap-2 sm:max-w-sm">
            {SHAPES.map(({ value, label, Icon }) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 p-3 text-sm font-medium text-gray-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
              >
                <input
                  type="radio"
                  name="mint-shape"
                  value={value}
                  checked={shape === value}
                  onChange={() => chooseShape(value)}
                />
                <Icon className="h-4 w-4" aria-hidden="true" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        {!isSurprize && (
          <div className="space-y-2">
            <label htmlFor={fileInputId} className="block text-sm font-medium text-gray-800">
              Image (JPEG, PNG or GIF, up to 10MB)
            </label>
            <input
              ref={fileInputRef}
              id={fileInputId}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              aria-invalid={imageError ? true : undefined}
              aria-describedby={imageError ? `${fileInputId}-error` : undefined}
              onChange={(e) => chooseFile(e.target.files?.[0])}
              className={cn(
                'block w-full text-sm text-gray-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white hover:file:bg-brand-700',
              )}
            />
            {image && (
              <img
                src={image.previewUrl}
                alt="Preview of your image"
                width={64}
                height={64}
                onLoad={(e) => {
                  const img = e.currentTarget;
                  setAspect(aspectOf(img.naturalWidth, img.naturalHeight));
                  setImageSize(
                    img.naturalWidth > 0 && img.naturalHeight > 0
                      ? { width: img.naturalWidth, height: img.naturalHeight }
                      : null,
                  );
                }}
                className="h-16 w-16 rounded-md border border-gray-200 object-cover"
              />
            )}
            {imageError && (
              <p id={`${fileInputId}-error`} role="alert" className="text-sm text-red-700">
                {imageError}
              </p>
            )}
          </div>
        )}

        {!isSurprize && image && aspect !== null && (
          <MintStudio
            imageUrl={image.previewUrl}
            aspect={aspect}
            shape={shape}
            crop={crop}
            title={title ?? ''}
            imageSize={imageSize}
            onCropChange={updateCrop}
            onReset={() => setCrop(DEFAULT_CROP)}
          />
        )}

        <TextField label="Title" error={errors.title?.message} maxLength={200} {...form.register('title')} />
        <TextAreaField
          label="Description (optional)"
          error={errors.description?.message}
          {...form.register('description')}
        />
        <TextField
          label="Associated link (optional)"
          type="url"
          placeholder="https://"
          error={errors.associatedUrl?.message}
          {...form.register('associatedUrl')}
        />

        {upload.stage && <UploadStatus stage={upload.stage} />}
        <Button type="submit" size="lg" className="w-full" disabled={upload.isPending}>
          {upload.stage?.phase === 'processing'
            ? 'Processing…'
            : upload.isPending
              ? 'Uploading…'
              : 'Proceed to Payment'}
        </Button>
      </form>
    </Dialog>
  );
}
