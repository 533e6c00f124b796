import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { DEFAULT_SITE_SETTINGS, SiteInfoSchema, SiteSettingsSchema } from '#shared/settings.schemas.ts';
import { auditLog } from '#server/modules/audit/audit.table.ts';
import { siteSettings } from '#server/modules/settings/settings.table.ts';
import { getSiteSettings } from '#server/modules/settings/settings.service.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

async function auditRows(app: App) {
  return app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
}

function put(app: App, token: string | null, payload: unknown, url = '/api/site-settings') {
  return injectAs(app, token, { method: 'PUT', url, payload: payload as Record<string, unknown> });
}

describe('GET /api/site-settings', () => {
  it('is public and answers every default on a fresh install', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/site-settings' });
    expect(res.statusCode).toBe(200);
    expect(SiteSettingsSchema.parse(res.json())).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('fills defaults for keys never saved and for invalid stored values', async () => {
    const app = await buildTestApp();
    await app.db
      .insert(siteSettings)
      .overridingSystemValue()
      .values({ id: 1, data: { customMintingCost: '19.00', platformFeePercent: 'lots', unknown: 1 } });
    const res = await app.inject({ method: 'GET', url: '/api/site-settings' });
    expect(res.json()).toEqual({ ...DEFAULT_SITE_SETTINGS, customMintingCost: '19.00' });
  });
});

describe('PUT /api/site-settings', () => {
  it('lets an admin change some settings, keeps the others and audits the change', async () => {
    const app = await buildTestApp();
    const { user: admin, token } = await insertAdmin(app.db);
    const res = await put(app, token, { customMintingCost: '17.50', artchipFreeShipping: true });
    expect(res.statusCode).toBe(200);
    const expected = { ...DEFAULT_SITE_SETTINGS, customMintingCost: '17.50', artchipFreeShipping: true };
    expect(SiteSettingsSchema.parse(res.json())).toEqual(expected);

    const read = await app.inject({ method: 'GET', url: '/api/site-settings' });
    expect(read.json()).toEqual(expected);

    const [audit, ...more] = await auditRows(app);
    expect(more).toHaveLength(0);
    expect(audit).toMatchObject({
      adminId: admin.id,
      action: 'settings.update',
      entity: 'site_settings',
      entityId: '1',
      before: DEFAULT_SITE_SETTINGS,
      after: expected,
    });

    // A second change builds on the first.
    const second = await put(app, token, { platformFeePercent: '25' });
    expect(second.json()).toEqual({ ...expected, platformFeePercent: '25' });
    const audits = await auditRows(app);
    expect(audits).toHaveLength(2);
    expect(audits.find((a) => a.id !== audit!.id)?.before).toEqual(expected);
  });

  it('stores only the keys set, so untouched settings keep following the defaults', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    await put(app, token, { paymentMethods: { mint: ['artchip', 'card'], purchase: ['card'] } });
    const [row] = await app.db.select().from(siteSettings);
    expect(row?.data).toEqual({ paymentMethods: { mint: ['artchip', 'card'], purchase: ['card'] } });
  });

  it('switches the landing page banner off and on, keeping the other settings', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    expect((await app.inject({ method: 'GET', url: '/api/site-settings' })).json().showLaunchBanner).toBe(
      true,
    );
    const off = await put(app, token, { showLaunchBanner: false });
    expect(off.statusCode).toBe(200);
    expect(SiteSettingsSchema.parse(off.json())).toEqual({
      ...DEFAULT_SITE_SETTINGS,
      showLaunchBanner: false,
    });
    expect((await app.inject({ method: 'GET', url: '/api/site-settings' })).json().showLaunchBanner).toBe(
      false,
    );
    const on = await put(app, token, { showLaunchBanner: true });
    expect(on.json()).toEqual(DEFAULT_SITE_SETTINGS);
  });

  it('refreshes the cached settings other features read', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    expect((await getSiteSettings(app)).domesticShippingRate).toBe('10.00');
    await put(app, token, { domesticShippingRate: '12.00' });
    expect((await getSiteSettings(app)).domesticShippingRate).toBe('12.00');
  });

  it("lets an admin set the fee base to 'sale' and back; a non-admin cannot", async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    const user = await insertUser(app.db);
    expect((await put(app, user.token, { feeBase: 'sale' })).statusCode).toBe(403);
    expect((await put(app, null, { feeBase: 'sale' })).statusCode).toBe(401);
    expect((await getSiteSettings(app)).feeBase).toBe('highest');
    const res = await put(app, token, { feeBase: 'sale' });
    expect(res.statusCode).toBe(200);
    expect(SiteSettingsSchema.parse(res.json())).toEqual({ ...DEFAULT_SITE_SETTINGS, feeBase: 'sale' });
    expect((await getSiteSettings(app)).feeBase).toBe('sale');
    expect((await put(app, token, { feeBase: 'highest' })).json().feeBase).toBe('highest');
  });

  it('sets autoDeliveryDays (default 14) to whole days from 1 to 365, as admins only (issue 28)', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    const user = await insertUser(app.db);
    expect((await getSiteSettings(app)).autoDeliveryDays).toBe(14);
    expect((await put(app, user.token, { autoDeliveryDays: 3 })).statusCode).toBe(403);
    for (const bad of [0, 2.5, 366, '7']) {
      const res = await put(app, token, { autoDeliveryDays: bad });
      expect(res.statusCode).toBe(400);
      expect(ApiErrorSchema.parse(res.json()).fieldErrors?.autoDeliveryDays).toEqual([
        'Must be a whole number of days from 1 to 365',
      ]);
    }
    const res = await put(app, token, { autoDeliveryDays: 3 });
    expect(res.statusCode).toBe(200);
    expect(SiteSettingsSchema.parse(res.json())).toEqual({ ...DEFAULT_SITE_SETTINGS, autoDeliveryDays: 3 });
    expect((await getSiteSettings(app)).autoDeliveryDays).toBe(3);
  });

  it('answers 401 without a session and 403 for a non-admin', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const anonymous = await put(app, null, { customMintingCost: '1.00' });
    expect(anonymous.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(anonymous.json()).code).toBe('UNAUTHENTICATED');
    const user = await put(app, token, { customMintingCost: '1.00' });
    expect(user.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(user.json()).code).toBe('FORBIDDEN');
    expect((await app.inject({ method: 'GET', url: '/api/site-settings' })).json()).toEqual(
      DEFAULT_SITE_SETTINGS,
    );
  });

  it.each([
    [{ customMintingCost: '12.345' }, 'customMintingCost', 'Must have at most 2 decimals'],
    [{ domesticShippingRate: '-1' }, 'domesticShippingRate', 'Must be 0 or more'],
    [{ internationalShippingRate: 'abc' }, 'internationalShippingRate', 'Must be a valid amount'],
    [{ artchipDiscountPercent: '101' }, 'artchipDiscountPercent', 'Must be between 0 and 100'],
    [{ artchipFreeShipping: 'yes' }, 'artchipFreeShipping', 'Must be true or false'],
    [{ tokenFallbackPriceUsd: '0' }, 'tokenFallbackPriceUsd', 'Must be greater than 0'],
    [{ showLaunchBanner: 'no' }, 'showLaunchBanner', 'Must be true or false'],
    [{ feeBase: 'list' }, 'feeBase', "Must be 'highest' or 'sale'"],
    [
      { paymentMethods: { mint: [], purchase: ['card'] } },
      'paymentMethods.mint',
      'Choose at least one payment method',
    ],
  ])('rejects %j with "%s: %s" and changes nothing', async (payload, field, message) => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    const res = await put(app, token, payload);
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(body.fieldErrors?.[field]).toContain(message);
    expect(await auditRows(app)).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: '/api/site-settings' })).json()).toEqual(
      DEFAULT_SITE_SETTINGS,
    );
  });
});

describe('/api/admin/site-settings', () => {
  it('reads and writes the same settings for admins', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    const res = await put(app, token, { paypalMarkupPercent: '15.50' }, '/api/admin/site-settings');
    expect(res.statusCode).toBe(200);
    const read = await injectAs(app, token, { method: 'GET', url: '/api/admin/site-settings' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...DEFAULT_SITE_SETTINGS, paypalMarkupPercent: '15.50' });
    expect((await app.inject({ method: 'GET', url: '/api/site-settings' })).json().paypalMarkupPercent).toBe(
      '15.50',
    );
    expect(await auditRows(app)).toHaveLength(1);
  });

  it('is closed to visitors and users', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    expect((await app.inject({ method: 'GET', url: '/api/admin/site-settings' })).statusCode).toBe(401);
    expect((await injectAs(app, token, { method: 'GET', url: '/api/admin/site-settings' })).statusCode).toBe(
      403,
    );
    expect(
      (await put(app, token, { customMintingCost: '1.00' }, '/api/admin/site-settings')).statusCode,
    ).toBe(403);
  });

  it('validates like the public path', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    const res = await put(app, token, { platformFeePercent: '100.5' }, '/api/admin/site-settings');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Must be between 0 and 100');
  });
});

describe('getSiteSettings', () => {
  it('caches per app, hands out copies callers may change, and rereads once the data changes', async () => {
    const app = await buildTestApp();
    const first = await getSiteSettings(app);
    first.paymentMethods.mint.push('card');
    first.customMintingCost = '99.00';
    expect(await getSiteSettings(app)).toEqual(DEFAULT_SITE_SETTINGS);
    // Written by another process (or the admin CLI): the database's change notice moves the data
    // version, and the next read sees it at once.
    const version = app.publicCache.version;
    await app.db
      .insert(siteSettings)
      .overridingSystemValue()
      .values({ id: 1, data: { customMintingCost: '20.00' } });
    // PGlite hears it as the insert commits; PostgreSQL within milliseconds.
    await expect.poll(() => app.publicCache.version, { timeout: 1000, interval: 5 }).toBeGreaterThan(version);
    expect((await getSiteSettings(app)).customMintingCost).toBe('20.00');
  });

  it('without a data version (a job or script), trusts its copy for its cache time only', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const app = await buildTestApp({ clock: () => new Date(now) });
    const ctx = { db: app.db, clock: app.clock, config: app.config, log: app.log };
    await getSiteSettings(ctx);
    await app.db
      .insert(siteSettings)
      .overridingSystemValue()
      .values({ id: 1, data: { customMintingCost: '20.00' } });
    now += 29_000;
    expect((await getSiteSettings(ctx)).customMintingCost).toBe('15.00');
    now += 2_000;
    expect((await getSiteSettings(ctx)).customMintingCost).toBe('20.00');
  });
});

describe('GET /api/site-info', () => {
  it('answers the support address, live-auction link, payment mode and brand', async () => {
    const app = await buildTestApp({
      env: { SUPPORT_EMAIL: 'help@artchip.test', LIVE_AUCTION_URL: 'https://live.example.com/artchip' },
    });
    const res = await app.inject({ method: 'GET', url: '/api/site-info' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(
      'public, max-age=300, s-maxage=300, stale-while-revalidate=1800',
    );
    expect(SiteInfoSchema.parse(res.json())).toEqual({
      brand: { name: 'Artchip', plural: 'Artchips', slug: 'artchip', ticker: '$ARTCHIP' },
      supportEmail: 'help@artchip.test',
      liveAuctionUrl: 'https://live.example.com/artchip',
      demoPayments: true,
      livePrice: false,
      tokenMint: null,
    });
  });

  it('answers no live-auction link when LIVE_AUCTION_URL is unset, never a placeholder (issue 27)', async () => {
    const app = await buildTestApp();
    const info = SiteInfoSchema.parse((await app.inject({ method: 'GET', url: '/api/site-info' })).json());
    expect(info.liveAuctionUrl).toBe('');
  });

  it('names the live price source and the official token mint when configured', async () => {
    const app = await buildTestApp({
      env: {
        PRICE_SOURCE_URL: 'http://127.0.0.1:9/price',
        SOLANA_RPC_URL: 'http://127.0.0.1:9/rpc',
        TOKEN_MINT: 'ArtchipMint1111111111111111111111111111111',
        TREASURY_WALLET: 'Treasury11111111111111111111111111111111111',
      },
    });
    const info = SiteInfoSchema.parse((await app.inject({ method: 'GET', url: '/api/site-info' })).json());
    expect(info).toMatchObject({
      livePrice: true,
      demoPayments: false,
      tokenMint: 'ArtchipMint1111111111111111111111111111111',
    });
  });
});
