import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { LegalPageSchema } from '#shared/legal.schemas.ts';
import { DEFAULT_SITE_SETTINGS } from '#shared/settings.schemas.ts';
import { auditLog } from '#server/modules/audit/audit.table.ts';
import { siteSettings } from '#server/modules/settings/settings.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;

// Sessions are judged by the app's clock too: a fixed time just after the tests' own.
const NOW = new Date(Date.now() + 60_000);

function read(app: App, page: string) {
  return app.inject({ method: 'GET', url: `/api/legal/${page}` });
}

function save(app: App, token: string | null, page: string, payload: unknown) {
  return injectAs(app, token, {
    method: 'PUT',
    url: `/api/admin/legal/${page}`,
    payload: payload as Record<string, unknown>,
  });
}

describe('GET /api/legal/:page', () => {
  it.each([
    ['privacy', 'Privacy Policy', 'What we collect'],
    ['terms', 'Terms of Service', 'Purchases are final for a change of mind.'],
  ])('serves the %s template to anyone, marked as a template', async (page, title, phrase) => {
    const app = await buildTestApp();
    const res = await read(app, page);
    expect(res.statusCode).toBe(200);
    const body = LegalPageSchema.parse(res.json());
    expect(body).toMatchObject({ page, title, updatedAt: null, isTemplate: true });
    expect(body.text).toMatch(
      /^\*\*Template: the operator of this site has not reviewed this text yet\.\*\*/,
    );
    expect(body.text).toContain(phrase);
    // Fees come from the settings, never from the policy text.
    expect(body.text).not.toMatch(/\d+ ?%/);
  });

  it("quotes issue 29's figures from the settings, as placeholders the page fills in (decision 077)", async () => {
    const app = await buildTestApp();
    const { text } = LegalPageSchema.parse((await read(app, 'terms')).json());
    for (const quoted of [
      'receives payouts only {{payoutDestinationHoldHours}} hours after it was set',
      'bought less than {{flipHoldDays}} days ago',
      'more than {{reporting1099kGrossUsd}} and more than {{reporting1099kSales}} sales',
    ]) {
      expect(text).toContain(quoted);
    }
    expect(text).not.toMatch(/\b72 hours|\b30 days/);
  });

  it('refuses a page it does not know', async () => {
    const app = await buildTestApp();
    const res = await read(app, 'cookies');
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).message).toBe('Unknown page');
  });
});

describe('PUT /api/admin/legal/:page', () => {
  it('lets an admin replace the text; the public page serves it, audited, the other page untouched', async () => {
    const app = await buildTestApp({ clock: () => NOW });
    const { user: admin, token } = await insertAdmin(app.db);
    const text = '## Our terms\n\nBe kind.\n\n- One\n- Two';
    const res = await save(app, token, 'terms', { text: `  ${text}\n\n` });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      page: 'terms',
      title: 'Terms of Service',
      text,
      updatedAt: NOW.toISOString(),
      isTemplate: false,
    };
    expect(LegalPageSchema.parse(res.json())).toEqual(expected);
    expect(LegalPageSchema.parse((await read(app, 'terms')).json())).toEqual(expected);
    expect(LegalPageSchema.parse((await read(app, 'privacy')).json()).isTemplate).toBe(true);

    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'legal.update'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      adminId: admin.id,
      entity: 'legal_page',
      entityId: 'terms',
      after: { text, updatedAt: NOW.toISOString() },
    });
    expect((audits[0]!.before as { text: string }).text).toContain('Template');
  });

  it('keeps the page texts when the price settings are saved, and the prices when a page is saved', async () => {
    const app = await buildTestApp({ clock: () => NOW });
    const { token } = await insertAdmin(app.db);
    await injectAs(app, token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { customMintingCost: '18.00' },
    });
    await save(app, token, 'privacy', { text: 'We keep little.' });
    const settingsSave = await injectAs(app, token, {
      method: 'PUT',
      url: '/api/admin/site-settings',
      payload: { showLaunchBanner: false },
    });
    // The settings never carry the page texts.
    expect(settingsSave.json()).toEqual({
      ...DEFAULT_SITE_SETTINGS,
      customMintingCost: '18.00',
      showLaunchBanner: false,
    });
    expect(LegalPageSchema.parse((await read(app, 'privacy')).json()).text).toBe('We keep little.');
    const [row] = await app.db.select().from(siteSettings);
    expect(row?.data).toEqual({
      customMintingCost: '18.00',
      showLaunchBanner: false,
      privacyPolicy: { text: 'We keep little.', updatedAt: NOW.toISOString() },
    });
  });

  it('serves the template again if what is stored is not a valid page', async () => {
    const app = await buildTestApp();
    await app.db
      .insert(siteSettings)
      .overridingSystemValue()
      .values({ id: 1, data: { termsOfService: { text: '', updatedAt: 'yesterday' } } });
    expect(LegalPageSchema.parse((await read(app, 'terms')).json()).isTemplate).toBe(true);
  });

  it.each([
    [{ text: '   ' }, 'Enter the page text'],
    [{}, 'Enter the page text'],
    [{ text: 'x'.repeat(50_001) }, 'Must be at most 50,000 characters'],
  ])('rejects %# with "%s" and changes nothing', async (payload, message) => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    const res = await save(app, token, 'privacy', payload);
    expect(res.statusCode).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(body.fieldErrors?.text).toContain(message);
    expect(LegalPageSchema.parse((await read(app, 'privacy')).json()).isTemplate).toBe(true);
  });

  it('refuses an unknown page', async () => {
    const app = await buildTestApp();
    const { token } = await insertAdmin(app.db);
    const res = await save(app, token, 'cookies', { text: 'Hello' });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).message).toBe('Unknown page');
  });

  it('is for admins only: 401 for visitors, 403 for users, and the page stays as it was', async () => {
    const app = await buildTestApp();
    const { token } = await insertUser(app.db);
    const anonymous = await save(app, null, 'terms', { text: 'Mine now' });
    expect(anonymous.statusCode).toBe(401);
    expect(ApiErrorSchema.parse(anonymous.json()).code).toBe('UNAUTHENTICATED');
    const user = await save(app, token, 'terms', { text: 'Mine now' });
    expect(user.statusCode).toBe(403);
    expect(ApiErrorSchema.parse(user.json()).code).toBe('FORBIDDEN');
    expect(LegalPageSchema.parse((await read(app, 'terms')).json()).isTemplate).toBe(true);
  });
});
