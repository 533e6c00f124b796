import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import {
  BIO_MAX_LENGTH,
  PROFILE_LINKS_MAX,
  UpdateCreatorProfileInputSchema,
  type CreatorProfile,
  type CreatorProfileUpdate,
  type UpdateCreatorProfileInput,
} from '#shared/creators.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { creatorProfileQueryOptions } from '#web/features/chips/index.ts';
import { useUpdateCreatorProfile } from '../api/update-creator-profile.ts';

const FAILED = 'Failed to update profile';

function valuesOf(profile: CreatorProfile): UpdateCreatorProfileInput {
  return { bio: profile.bio ?? '', links: profile.links.map(({ label, url }) => ({ label, url })) };
}

function ProfileForm({ profile }: { profile: CreatorProfile }) {
  const toast = useToast();
  const update = useUpdateCreatorProfile();
  const form = useForm<UpdateCreatorProfileInput, unknown, CreatorProfileUpdate>({
    resolver: zodResolver(UpdateCreatorProfileInputSchema),
    defaultValues: valuesOf(profile),
  });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const { errors, isSubmitting } = form.formState;
  const bioLength = (useWatch({ control: form.control, name: 'bio' }) ?? '').length;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync({ bio: values.bio ?? '', links: values.links });
      form.reset(valuesOf(saved));
      toast({ title: 'Profile Updated', description: 'Your public profile has been saved.' });
    } catch (err) {
      toast({ title: FAILED, description: errorMessage(err, FAILED), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 space-y-5">
      <TextAreaField
        label="Bio"
        rows={4}
        hint={`${bioLength}/${BIO_MAX_LENGTH} characters: who you are and what you make.`}
        error={errors.bio?.message}
        {...form.register('bio')}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-800">Links</legend>
        <p className="text-xs text-gray-600">
          Up to {PROFILE_LINKS_MAX} links (shop, portfolio, socials), each starting with http:// or https://.
        </p>
        {links.fields.length === 0 && <p className="text-sm text-gray-700">No links yet.</p>}
        <ol className="space-y-3">
          {links.fields.map((field, index) => (
            <li
              key={field.id}
              className="grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
            >
              <TextField
                label={`Link ${index + 1} label`}
                placeholder="Portfolio"
                error={errors.links?.[index]?.label?.message}
                {...form.register(`links.${index}.label`)}
              />
              <TextField
                label={`Link ${index + 1} URL`}
                type="url"
                inputMode="url"
                placeholder="https://"
                error={errors.links?.[index]?.url?.message}
                {...form.register(`links.${index}.url`)}
              />
              <Button
                variant="ghost"
                className="sm:mt-6"
                aria-label={`Remove link ${index + 1}`}
                onClick={() => links.remove(index)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                <span className="sm:hidden">Remove</span>
              </Button>
            </li>
          ))}
        </ol>
        <FormAlert>{errors.links?.message ?? errors.links?.root?.message}</FormAlert>
        <Button
          variant="secondary"
          size="sm"
          disabled={links.fields.length >= PROFILE_LINKS_MAX}
          onClick={() => links.append({ label: '', url: '' })}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add link
        </Button>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Profile'}
        </Button>
        <Link
          to={ROUTES.gallery(profile.username)}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          View your public gallery
        </Link>
      </div>
    </form>
  );
}

/**
 * The public side of the profile: the bio and links shown on the member's gallery, with the same
 * rules the server checks (the shared schema).
 */
export function CreatorProfileForm({ username }: { username: string }) {
  const profile = useQuery(creatorProfileQueryOptions(username));
  return (
    <section
      aria-labelledby="creator-profile-heading"
      className="rounded-xl border border-gray-200 bg-white p-6"
    >
      <h2 id="creator-profile-heading" className="text-lg font-semibold text-gray-900">
        Public Profile
      </h2>
      <p className="mt-1 text-sm text-gray-700">Shown to everyone on your gallery page.</p>
      {profile.data ? (
        // Filled once, from what was loaded: the form is made when its values are here.
        <ProfileForm key={profile.data.username} profile={profile.data} />
      ) : profile.isError ? (
        <div className="mt-4 space-y-3">
          <FormAlert>{errorMessage(profile.error, 'Failed to load your profile')}</FormAlert>
          <Button variant="secondary" size="sm" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mt-4 space-y-3" role="status" aria-label="Loading your public profile">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-10 w-40" />
        </div>
      )}
    </section>
  );
}
