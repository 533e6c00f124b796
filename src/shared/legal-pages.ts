/**
 * The legal pages' names, without zod: the footer on every page links to them, and the first script
 * every page loads must not carry the schemas (issue 12's 90 KB budget).
 */

/** The legal pages, by their URL segment (`/privacy`, `/terms`). */
export const LEGAL_PAGES = ['privacy', 'terms'] as const;

/** A legal page's key. */
export type LegalPageKey = (typeof LEGAL_PAGES)[number];

/** Page titles, as the footer, the sign-up form and the pages name them. */
export const LEGAL_PAGE_TITLES: Record<LegalPageKey, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
};
