import { ROUTES } from '#shared/brand.ts';
import { LEGAL_PAGE_TITLES, type LegalPageKey } from '#shared/legal.schemas.ts';
import { fillSettingPlaceholders, hasSettingPlaceholders } from '#shared/legal-placeholders.ts';
import { RichText } from '#web/components/rich-text.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useLegalPage } from '#web/lib/api/get-legal-page.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { useDisplayTimeZone } from '#web/lib/hydration.ts';
import { Link } from '#web/lib/router.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';

/**
 * A legal page (Privacy Policy, Terms of Service): the admin's text, or the template until they edit
 * it, with the settings it quotes (`{{flipHoldDays}}`, decision 077) filled in from the site settings.
 */
export function LegalPageView({ page }: { page: LegalPageKey }) {
  const title = LEGAL_PAGE_TITLES[page];
  usePageTitle(title);
  const legal = useLegalPage(page);
  const quotes = legal.data ? hasSettingPlaceholders(legal.data.text) : false;
  const settings = useSiteSettings({ enabled: quotes });
  // A text that quotes settings waits for them: it never shows a placeholder, nor a stale figure.
  const data = legal.data && (!quotes || settings.data) ? legal.data : undefined;
  const text = data && settings.data ? fillSettingPlaceholders(data.text, settings.data) : data?.text;
  const isPending = legal.isPending || (quotes && settings.isPending);
  const isError = legal.isError || (quotes && settings.isError);
  const timeZone = useDisplayTimeZone();

  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      {data?.updatedAt && (
        <p className="mt-2 text-sm text-gray-700">
          Last updated{' '}
          <time dateTime={data.updatedAt}>
            {new Date(data.updatedAt).toLocaleDateString('en-US', { dateStyle: 'long', timeZone })}
          </time>
        </p>
      )}
      {data ? (
        <RichText text={text ?? ''} />
      ) : isPending ? (
        <div className="mt-6 space-y-3" role="status">
          <span className="sr-only">Loading {title}…</span>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : (
        isError && (
          <p role="alert" className="mt-6 text-gray-800">
            The {title} could not be loaded. Please try again later or{' '}
            <Link to={ROUTES.contact} className="font-medium text-brand-700 underline">
              contact us
            </Link>
            .
          </p>
        )
      )}
    </article>
  );
}
