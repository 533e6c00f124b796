import { useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { ROUTES } from '#shared/brand.ts';
import { cn } from '#web/components/ui/cn.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useSiteInfo } from '#web/lib/api/get-site-info.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';
import { FAQ_CATEGORIES, FAQ_ENTRIES, renderAnswer, type FaqCategory } from '../components/faq-entries.tsx';
import { FaqItem } from '../components/faq-item.tsx';

type Filter = 'All' | FaqCategory;

/** Spec §2 FAQ: category filter chips, collapsible answers, contact links; fees come from site settings. */
export default function FaqPage() {
  usePageTitle('FAQ');
  const [filter, setFilter] = useState<Filter>('All');
  const settings = useSiteSettings();
  const siteInfo = useSiteInfo();
  const entries = filter === 'All' ? FAQ_ENTRIES : FAQ_ENTRIES.filter((e) => e.category === filter);
  const supportEmail = siteInfo.data?.supportEmail;

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">Frequently Asked Questions</h1>
      <p className="mt-2 text-gray-700">Minting, buying, shipping, fees, NFC verification and the token.</p>

      <div role="group" aria-label="Filter questions by category" className="mt-8 flex flex-wrap gap-2">
        {(['All', ...FAQ_CATEGORIES] as const).map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={filter === category}
            onClick={() => setFilter(category)}
            className={cn(
              'rounded-full border px-4 py-1.5 text-sm font-medium',
              filter === category
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-100',
            )}
          >
            {category}
          </button>
        ))}
      </div>

      <section aria-labelledby="faq-questions" className="mt-6">
        <h2 id="faq-questions" className="sr-only">
          {filter === 'All' ? 'All questions' : `${filter} questions`}
        </h2>
        {entries.map((entry) => {
          const answer = renderAnswer(entry, settings.data);
          return (
            <FaqItem key={entry.question} question={entry.question}>
              {answer !== null ? (
                <p>{answer}</p>
              ) : settings.isError ? (
                <p>
                  Current prices and fees could not be loaded. Please try again later or{' '}
                  <Link to={ROUTES.contact} className="font-medium text-brand-700 underline">
                    contact us
                  </Link>
                  .
                </p>
              ) : (
                <div className="space-y-2">
                  <span className="sr-only">Loading answer…</span>
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-2/3" />
                </div>
              )}
            </FaqItem>
          );
        })}
      </section>

      <section aria-labelledby="faq-contact" className="mt-12 rounded-lg bg-gray-50 p-6">
        <h2 id="faq-contact" className="text-xl font-semibold text-gray-900">
          Still have questions?
        </h2>
        <p className="mt-2 text-gray-700">
          <Link to={ROUTES.contact} className="font-medium text-brand-700 underline">
            Send us a message
          </Link>{' '}
          and we'll get back to you within 24 hours
          {supportEmail ? (
            <>
              , or e-mail{' '}
              <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline">
                {supportEmail}
              </a>
            </>
          ) : null}
          .
        </p>
      </section>
    </div>
  );
}
