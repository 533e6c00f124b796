/**
 * The Privacy Policy and Terms of Service pages (the spec leaves them as placeholders): their text is
 * a site setting an admin edits, written in a small, safe Markdown subset (headings, paragraphs,
 * lists, bold, links) that pages render as text, never as HTML.
 */
import { z } from 'zod';

export { LEGAL_PAGES, LEGAL_PAGE_TITLES, type LegalPageKey } from './legal-pages.ts';
import { LEGAL_PAGES, type LegalPageKey } from './legal-pages.ts';

/** The site-settings key each page's text is stored under. */
export const LEGAL_SETTING_KEYS = {
  privacy: 'privacyPolicy',
  terms: 'termsOfService',
} as const satisfies Record<LegalPageKey, string>;

/** Long enough for a full policy, short enough to keep a page light. */
const LEGAL_TEXT_MAX_LENGTH = 50_000;

/** `/api/legal/:page` and `/api/admin/legal/:page` path parameters. */
export const LegalPageParamsSchema = z.object({
  page: z.enum(LEGAL_PAGES, { error: 'Unknown page' }),
});

/** A page's text: required, at most 50,000 characters, surrounding blank space dropped. */
const LegalTextSchema = z
  .string({ error: 'Enter the page text' })
  .trim()
  .min(1, 'Enter the page text')
  .max(LEGAL_TEXT_MAX_LENGTH, 'Must be at most 50,000 characters');

/** PUT /api/admin/legal/:page body. */
export const UpdateLegalPageInputSchema = z.object({ text: LegalTextSchema });

/** An admin's edit of a legal page. */
export type UpdateLegalPageInput = z.infer<typeof UpdateLegalPageInputSchema>;

/** How an edited page is kept in the site settings JSON. */
export const StoredLegalPageSchema = z.object({
  text: LegalTextSchema,
  updatedAt: z.iso.datetime(),
});

/** GET /api/legal/:page and the admin's save: the text to show and whether it is still the template. */
export const LegalPageSchema = z.object({
  page: z.enum(LEGAL_PAGES),
  title: z.string(),
  text: z.string(),
  /** When an admin last saved it; null while the page shows the shipped template. */
  updatedAt: z.string().nullable(),
  isTemplate: z.boolean(),
});

/** A legal page as sent on the wire. */
export type LegalPage = z.infer<typeof LegalPageSchema>;
