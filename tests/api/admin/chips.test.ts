import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiErrorSchema } from '#shared/errors.ts';
import { AdminChipPageSchema, AdminChipSchema, AuditPageSchema } from '#shared/admin.schemas.ts';
import { chipEvents } from '#server/modules/chips/chips.table.ts';
import { buildTestApp, injectAs } from '#tests/helpers/app.ts';
import { insertAdmin, insertUser } from '#tests/factories/users.ts';
import { CHIP_STATES, insertChip } from '#tests/factories/chips.ts';
import { formBody, pngFile } from './multipart.ts';

async function setup() {
  const app = await buildTestApp({ env: { SEED_DEMO: 'false' } });
  // User 1 is the company account: company-made chips belong to it.
  const { user: company } = await insertUser(app.db, { username: 'artchip_company' });
  const { token, user: admin } = await insertAdmin(app.db);
  return { app, token, admin, company };
}

const companyForm = {
  title: 'Company Piece',
  description: 'Made in house',
  price: '40.00',
  discountPercent: '12.5',
  customUrlPath: 'company-piece',
  associatedUrl: 'https://example.com/story',
  tiktokUrl: '',
  youtubeUrl: '',
  instagramUrl: '',
  isCustomerMinting: 'false',
};

describe('POST /api/admin/artchip', () => {
  it('creates a live company-made chip with images, discount applied, a unit id, a minted event and an audit row', async () => {
    const { app, token, admin, company } = await setup();
    const body = formBody(companyForm, [
      await pngFile('image'),
      await pngFile('additionalImage0', '#ff0000'),
    ]);
    const res = await injectAs(app, token, { method: 'POST', url: '/api/admin/artchip', ...body });
    expect(res.statusCode, res.body).toBe(201);
    const chip = AdminChipSchema.parse(res.json());
    expect(chip).toMatchObject({
      title: 'Company Piece',
      slug: 'company-piece',
      creatorId: company.id,
      maker: 'Company',
      priceUsd: '35.00',
      status: 'active',
      isActive: true,
      isAvailable: true,
      associatedUrl: 'https://example.com/story',
    });
    expect(chip.unitId).toMatch(/^\d{14}$/);
    expect(chip.imageUrl).toMatch(/^\/media\//);
    expect(chip.additionalImageUrls).toHaveLength(1);
    const events = await app.db.select().from(chipEvents).where(eq(chipEvents.chipId, chip.id));
    expect(events.map((e) => [e.type, e.actorUserId])).toEqual([['minted', admin.id]]);
    const audit = AuditPageSchema.parse(
      (await injectAs(app, token, { method: 'GET', url: '/api/admin/audit' })).json(),
    );
    expect(audit.items[0]).toMatchObject({
      action: 'chip.create',
      entity: 'chip',
      entityId: String(chip.id),
    });
  });

  it('creates a pending chip for a customer; the price is optional then', async () => {
    const { app, token } = await setup();
    const { user: customer } = await insertUser(app.db, { username: 'painter' });
    const body = formBody(
      {
        ...companyForm,
        price: '',
        discountPercent: '',
        isCustomerMinting: 'true',
        creatorUsername: 'painter',
      },
      [await pngFile()],
    );
    const res = await injectAs(app, token, { method: 'POST', url: '/api/admin/artchip', ...body });
    expect(res.statusCode, res.body).toBe(201);
    expect(AdminChipSchema.parse(res.json())).toMatchObject({
      creatorId: customer.id,
      maker: 'Customer',
      priceUsd: null,
      status: 'pending',
      isActive: false,
    });
  });

  it.each([
    [{ title: '' }, 'title', 'Title is required'],
    [{ customUrlPath: '' }, 'customUrlPath', 'Custom URL path is required'],
    [{ price: '' }, 'price', 'Price is required'],
    [{ discountPercent: '100.01' }, 'discountPercent', 'Discount must be between 0 and 100'],
    [{ discountPercent: '5.123' }, 'discountPercent', 'Discount must be between 0 and 100'],
    [{ tiktokUrl: 'ftp://x.example' }, 'tiktokUrl', 'Must be a valid URL'],
  ])('rejects %o', async (patch, field, message) => {
    const { app, token } = await setup();
    const body = formBody({ ...companyForm, ...patch }, [await pngFile()]);
    const res = await injectAs(app, token, { method: 'POST', url: '/api/admin/artchip', ...body });
    expect(res.statusCode).toBe(400);
    const error = ApiErrorSchema.parse(res.json());
    expect(error.fieldErrors?.[field]).toContain(message);
  });

  it('requires an image and refuses a file that is not one', async () => {
    const { app, token } = await setup();
    const none = await injectAs(app, token, {
      method: 'POST',
      url: '/api/admin/artchip',
      ...formBody(companyForm),
    });
    expect(none.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(none.json()).fieldErrors?.image).toBeDefined();
    const fake = formBody(companyForm, [
      {
        field: 'image',
        filename: 'x.png',
        contentType: 'image/png',
        bytes: Buffer.from('not an image at all'),
      },
    ]);
    const bad = await injectAs(app, token, { method: 'POST', url: '/api/admin/artchip', ...fake });
    expect(bad.statusCode).toBe(415);
  });

  it('answers 409 when the custom URL path is taken', async () => {
    const { app, token, company } = await setup();
    await insertChip(app.db, { creatorId: company.id, slug: 'company-piece' });
    const res = await injectAs(app, token, {
      method: 'POST',
      url: '/api/admin/artchip',
      ...formBody(companyForm, [await pngFile()]),
    });
    expect(res.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(res.json()).fieldErrors?.customUrlPath).toBeDefined();
  });
});

describe('GET /api/admin/artchip', () => {
  it('lists every chip, whatever its status, with filters and keyset pages', async () => {
    const { app, token, company } = await setup();
    const live = await insertChip(app.db, { creatorId: company.id, title: 'Live one' });
    const pending = await insertChip(app.db, { ...CHIP_STATES.pending, title: 'Waiting one' });
    const hidden = await insertChip(app.db, { ...CHIP_STATES.inactive, isSurprize: true });
    const get = async (qs: string) =>
      AdminChipPageSchema.parse(
        (await injectAs(app, token, { method: 'GET', url: `/api/admin/artchip${qs}` })).json(),
      );
    expect((await get('')).items.map((c) => c.id)).toEqual([hidden.id, pending.id, live.id]);
    expect((await get('?status=pending')).items.map((c) => c.id)).toEqual([pending.id]);
    expect((await get('?maker=company')).items.map((c) => c.maker)).toEqual(['Company']);
    expect((await get('?isSurprize=true')).items.map((c) => c.id)).toEqual([hidden.id]);
    expect((await get('?q=waiting')).items.map((c) => c.id)).toEqual([pending.id]);
    const page = await get('?limit=2');
    expect(page.nextCursor).toBe(pending.id);
    expect((await get(`?limit=2&cursor=${page.nextCursor}`)).items.map((c) => c.id)).toEqual([live.id]);
  });
});

describe('PATCH /api/admin/artchip/:id', () => {
  it('edits fields with JSON and audits before and after', async () => {
    const { app, token } = await setup();
    const chip = await insertChip(app.db, { unitId: null, priceCents: 1000, highestPriceCents: 1000 });
    const res = await injectAs(app, token, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload: {
        title: 'Renamed',
        priceUsd: '12.34',
        status: 'inactive',
        isActive: false,
        isAvailable: false,
        unitId: '12345678901234',
        nfcUid: '04a1b2c3d4e5f6',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminChipSchema.parse(res.json())).toMatchObject({
      title: 'Renamed',
      priceUsd: '12.34',
      status: 'inactive',
      // Derived from the status: an unlisted chip stays activated.
      isActive: true,
      isAvailable: false,
      unitId: '12345678901234',
      nfcUid: '04A1B2C3D4E5F6',
    });
    const audit = AuditPageSchema.parse(
      (
        await injectAs(app, token, { method: 'GET', url: `/api/admin/audit?entity=chip&entityId=${chip.id}` })
      ).json(),
    );
    expect(audit.items[0]!.before).toMatchObject({ title: chip.title, priceCents: 1000, unitId: null });
    expect(audit.items[0]!.after).toMatchObject({ title: 'Renamed', priceCents: 1234 });
    // The admin's price is a listed price: it never moves the fee base (issue 11).
    expect(audit.items[0]!.after).not.toHaveProperty('highestPriceCents');
  });

  it('replaces the main image and adds extra ones with multipart', async () => {
    const { app, token } = await setup();
    const chip = await insertChip(app.db, { additionalImageUrls: ['/media/old.png', '/media/keep.png'] });
    const body = formBody({ title: 'With images', keepAdditionalImageUrls: '/media/keep.png' }, [
      await pngFile('image', '#00ff00'),
      await pngFile('additionalImage0', '#0000ff'),
    ]);
    const res = await injectAs(app, token, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = AdminChipSchema.parse(res.json());
    expect(updated.imageUrl).not.toBe(chip.imageUrl);
    expect(updated.additionalImageUrls).toHaveLength(2);
    expect(updated.additionalImageUrls[0]).toBe('/media/keep.png');
  });

  it.each([
    [{ unitId: '123' }, 'Unit ID must be 14 digits'],
    [{ status: 'sold' }, 'Status must be active, pending, inactive or removed'],
    [{ title: '' }, 'Title is required'],
    [{ priceUsd: '1.234' }, 'Enter a price like 12.50'],
  ])('rejects %o', async (payload, message) => {
    const { app, token } = await setup();
    const chip = await insertChip(app.db);
    const res = await injectAs(app, token, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(ApiErrorSchema.parse(res.json()).message).toBe(message);
  });

  it('answers 409 for a unit id another chip holds, and 404 for an unknown chip', async () => {
    const { app, token } = await setup();
    const other = await insertChip(app.db);
    const chip = await insertChip(app.db);
    const clash = await injectAs(app, token, {
      method: 'PATCH',
      url: `/api/admin/artchip/${chip.id}`,
      payload: { unitId: other.unitId },
    });
    expect(clash.statusCode).toBe(409);
    expect(ApiErrorSchema.parse(clash.json()).fieldErrors?.unitId).toBeDefined();
    const missing = await injectAs(app, token, {
      method: 'PATCH',
      url: '/api/admin/artchip/99999',
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
  });
});
