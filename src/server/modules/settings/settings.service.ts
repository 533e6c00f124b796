import type { ServiceContext } from '#server/lib/service-context.ts';
import { BRAND } from '#shared/brand.ts';
import {
  SiteSettingsSchema,
  type SiteInfo,
  type SiteSettings,
  type UpdateSiteSettingsInput,
} from '#shared/settings.schemas.ts';
import {
  LEGAL_PAGE_TITLES,
  LEGAL_SETTING_KEYS,
  StoredLegalPageSchema,
  type LegalPage,
  type LegalPageKey,
  type UpdateLegalPageInput,
} from '#shared/legal.schemas.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { DEFAULT_LEGAL_TEXT } from './legal-defaults.ts';
import { findSettingsData, lockSettingsData, SETTINGS_ROW_ID, writeSettingsData } from './settings.repo.ts';

/**
 * How long a process trusts its cached settings. A change made through this process invalidates the
 * cache at once; one made elsewhere (another server process, the admin CLI) moves the public data
 * version, which invalidates it too; this is the limit when no version is at hand.
 */
const SETTINGS_CACHE_MS = 30_000;

type CacheEntry = { settings: Promise<SiteSettings>; loadedAt: number; version: number | undefined };
/**
 * Keyed by the app's config object: route plugins see an encapsulated child of the app, but every
 * child shares the root's decorations, so this is one cache per server.
 */
const cache = new WeakMap<object, CacheEntry>();

/**
 * Every key the settings row holds: the settings proper, and the legal pages' texts, kept in the same
 * row but served apart (a few kilobytes of policy have no place in every page's price settings).
 */
const FIELD_SCHEMAS = {
  ...SiteSettingsSchema.shape,
  [LEGAL_SETTING_KEYS.privacy]: StoredLegalPageSchema,
  [LEGAL_SETTING_KEYS.terms]: StoredLegalPageSchema,
};
type SettingKey = keyof typeof FIELD_SCHEMAS;
const SETTING_KEYS = Object.keys(FIELD_SCHEMAS) as SettingKey[];

/** The stored keys that are known with a valid value; anything else is dropped. */
function validStoredFields(data: Record<string, unknown>): Partial<Record<SettingKey, unknown>> {
  const fields: Partial<Record<SettingKey, unknown>> = {};
  for (const key of SETTING_KEYS) {
    if (data[key] !== undefined && FIELD_SCHEMAS[key].safeParse(data[key]).success) fields[key] = data[key];
  }
  return fields;
}

/** Settings from the stored JSON: defaults for absent keys, and for invalid ones (logged, never fatal). */
function settingsFromStored(ctx: ServiceContext, data: Record<string, unknown>): SiteSettings {
  const parsed = SiteSettingsSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  ctx.log.warn(
    { issues: parsed.error.issues },
    'stored site settings are invalid; using defaults for those keys',
  );
  return SiteSettingsSchema.parse(validStoredFields(data));
}

async function loadSettings(ctx: ServiceContext): Promise<SiteSettings> {
  return settingsFromStored(ctx, (await findSettingsData(ctx.db)) ?? {});
}

/** The validated site settings with PRODUCT.md defaults filled in; cached per app. Callers get their own copy. */
export async function getSiteSettings(ctx: ServiceContext): Promise<SiteSettings> {
  const now = ctx.clock().getTime();
  const version = ctx.publicCache?.version;
  let entry = cache.get(ctx.config);
  if (
    !entry ||
    entry.version !== version ||
    now - entry.loadedAt >= SETTINGS_CACHE_MS ||
    now < entry.loadedAt
  ) {
    const settings = loadSettings(ctx);
    entry = { settings, loadedAt: now, version };
    cache.set(ctx.config, entry);
    // A failed load must not stay cached.
    settings.catch(() => {
      if (cache.get(ctx.config) === entry) cache.delete(ctx.config);
    });
  }
  return structuredClone(await entry.settings);
}

/** Applies an admin's partial update, audited in the same transaction, and returns the new settings. */
export async function updateSiteSettings(
  ctx: ServiceContext,
  adminId: number,
  input: UpdateSiteSettingsInput,
): Promise<SiteSettings> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const after = await ctx.db.transaction(async (tx) => {
    const stored = await lockSettingsData(tx);
    const before = settingsFromStored(ctx, stored);
    // Only keys ever set are stored, so untouched settings keep following the defaults.
    const next = { ...validStoredFields(stored), ...changes };
    const updated = SiteSettingsSchema.parse(next);
    await writeSettingsData(tx, next, adminId);
    await recordAudit(tx, {
      adminId,
      action: 'settings.update',
      entity: 'site_settings',
      entityId: SETTINGS_ROW_ID,
      before,
      after: updated,
    });
    return updated;
  });
  cache.delete(ctx.config);
  return structuredClone(after);
}

/** A legal page as stored, or its template while no admin has saved one (or what is stored is invalid). */
function legalPageFrom(data: Record<string, unknown>, page: LegalPageKey): LegalPage {
  const stored = StoredLegalPageSchema.safeParse(data[LEGAL_SETTING_KEYS[page]]);
  const base = { page, title: LEGAL_PAGE_TITLES[page] };
  return stored.success
    ? { ...base, text: stored.data.text, updatedAt: stored.data.updatedAt, isTemplate: false }
    : { ...base, text: DEFAULT_LEGAL_TEXT[page], updatedAt: null, isTemplate: true };
}

/** GET /api/legal/:page: the Privacy Policy or Terms of Service text, the template until an admin edits it. */
export async function getLegalPage(ctx: ServiceContext, page: LegalPageKey): Promise<LegalPage> {
  return legalPageFrom((await findSettingsData(ctx.db)) ?? {}, page);
}

/** An admin replaces a legal page's text; audited in the same transaction. */
export async function updateLegalPage(
  ctx: ServiceContext,
  adminId: number,
  page: LegalPageKey,
  input: UpdateLegalPageInput,
): Promise<LegalPage> {
  return ctx.db.transaction(async (tx) => {
    const stored = await lockSettingsData(tx);
    const before = legalPageFrom(stored, page);
    const key = LEGAL_SETTING_KEYS[page];
    const next = {
      ...validStoredFields(stored),
      [key]: { text: input.text, updatedAt: ctx.clock().toISOString() },
    };
    await writeSettingsData(tx, next, adminId);
    const after = legalPageFrom(next, page);
    await recordAudit(tx, {
      adminId,
      action: 'legal.update',
      entity: 'legal_page',
      entityId: page,
      before: { text: before.text, updatedAt: before.updatedAt },
      after: { text: after.text, updatedAt: after.updatedAt },
    });
    return after;
  });
}

/** Public facts about this deployment (support address, live-auction link, demo payments, brand). */
export function getSiteInfo(ctx: ServiceContext): SiteInfo {
  return {
    brand: { name: BRAND.name, plural: BRAND.plural, slug: BRAND.slug, ticker: BRAND.ticker },
    supportEmail: ctx.config.mail.supportEmail,
    liveAuctionUrl: ctx.config.liveAuctionUrl,
    demoPayments: ctx.config.demoPayments,
    livePrice: ctx.config.priceSourceUrl !== undefined,
    tokenMint: ctx.config.solana?.tokenMint ?? null,
  };
}
