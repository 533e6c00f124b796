import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ROUTES } from '#shared/brand.ts';
import { LEGAL_PLACEHOLDERS } from '#shared/legal-placeholders.ts';
import {
  LEGAL_PAGES,
  LEGAL_PAGE_TITLES,
  UpdateLegalPageInputSchema,
  type LegalPage,
  type LegalPageKey,
  type UpdateLegalPageInput,
} from '#shared/legal.schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField } from '#web/components/ui/field.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { useLegalPage } from '#web/lib/api/get-legal-page.ts';
import { formatDateTime } from '#web/lib/dates.ts';
import { Link } from '#web/lib/router.tsx';
import { useUpdateLegalPage } from '../api/update-legal-page.ts';

const PAGE_PATHS: Record<LegalPageKey, string> = { privacy: ROUTES.privacy, terms: ROUTES.terms };

const FORMAT_HINT = `Blank lines separate paragraphs. ## Heading, - list item, **bold**, [label](https://…) or [label](/faq). HTML is shown as typed. {{setting}} shows a setting's current value: ${LEGAL_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ')}.`;

/** The Privacy Policy and Terms of Service texts, each saved on its own. */
export function LegalPagesEditor() {
  return (
    <section aria-labelledby="legal-pages-heading" className="max-w-3xl space-y-6">
      <div>
        <h3 id="legal-pages-heading" className="text-lg font-semibold text-gray-900">
          Legal pages
        </h3>
        <p className="mt-1 text-sm text-gray-700">
          Shown at {ROUTES.privacy} and {ROUTES.terms}, linked from the footer and the sign-up form. Until you
          save them they show a template: review it before launch.
        </p>
      </div>
      {LEGAL_PAGES.map((page) => (
        <LegalPageEditor key={page} page={page} />
      ))}
    </section>
  );
}

function LegalPageEditor({ page }: { page: LegalPageKey }) {
  const { data, isPending, isError } = useLegalPage(page);
  const title = LEGAL_PAGE_TITLES[page];
  if (isPending) return <Skeleton className="h-64 w-full" />;
  if (isError || !data) {
    return (
      <p role="alert" className="text-sm text-red-800">
        Failed to load the {title}.
      </p>
    );
  }
  return <LegalPageForm page={data} />;
}

function LegalPageForm({ page }: { page: LegalPage }) {
  const update = useUpdateLegalPage(page.page);
  const toast = useToast();
  const form = useForm<UpdateLegalPageInput>({
    resolver: zodResolver(UpdateLegalPageInputSchema),
    defaultValues: { text: page.text },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: `${page.title} Updated`, description: `The ${page.title} page shows the new text.` });
    } catch (err) {
      applyServerErrors(form, err);
      toast({
        title: 'Error',
        description: `Failed to update the ${page.title}. Please try again.`,
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-3">
      <TextAreaField
        label={`${page.title} text`}
        rows={14}
        className="[&_textarea]:font-mono"
        hint={FORMAT_HINT}
        error={errors.text?.message}
        {...register('text')}
      />
      <p className="text-sm text-gray-700">
        {page.isTemplate || !page.updatedAt
          ? 'Showing the template: not reviewed yet.'
          : `Last saved ${formatDateTime(page.updatedAt)}.`}{' '}
        <Link to={PAGE_PATHS[page.page]} className="font-medium text-brand-700 underline">
          View the {page.title}
        </Link>
      </p>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : `Save ${page.title}`}
      </Button>
    </form>
  );
}
