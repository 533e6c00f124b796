import { Construction } from 'lucide-react';
import { BRAND } from '#shared/brand.ts';
import { useSiteSettings } from '#web/lib/api/get-site-settings.ts';

/**
 * Whether the shop still shows itself as under construction: the `showLaunchBanner` site setting
 * (on by default). False until the settings are known, so a launched shop never flashes the banner;
 * the server renders the landing page with the settings, so a visitor sees the answer at once.
 */
export function useShowLaunchBanner(): boolean {
  return useSiteSettings().data?.showLaunchBanner === true;
}

/** The landing page's under-construction banner (spec §2), shown until an admin switches it off. */
export function LaunchBanner() {
  if (!useShowLaunchBanner()) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-100">
      <p className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-2 px-4 py-2 text-center text-sm text-amber-950">
        <Construction className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          {BRAND.name} is still under construction.{' '}
          <a href="#email-list" className="font-semibold underline underline-offset-2">
            Join our email list
          </a>{' '}
          to hear when we launch.
        </span>
      </p>
    </div>
  );
}
