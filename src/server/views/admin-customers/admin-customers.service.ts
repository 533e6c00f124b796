import type { Db } from '#server/db/client.ts';
import { AppError, assertFound } from '#server/lib/app-error.ts';
import { createCode } from '#server/lib/tokens.ts';
import { pageFrom } from '#server/lib/page.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import { centsToUsdString } from '#shared/money.ts';
import type {
  AdminCustomer,
  AdminCustomerDetail,
  AdminCustomerPage,
  CustomerInput,
  CustomerListQuery,
} from '#shared/admin.schemas.ts';
import {
  findCustomer,
  findCustomerClashes,
  findUserForEdit,
  insertCustomer,
  listCustomerAddresses,
  listCustomers,
  listMintedChips,
  listPurchasedChips,
  updateCustomer,
  userExists,
  type CustomerWrite,
} from './admin-customers.repo.ts';

type CustomerRow = Awaited<ReturnType<typeof listCustomers>>[number];

function toCustomer(row: CustomerRow): AdminCustomer {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    totalMinted: Number(row.totalMinted),
    totalPurchased: Number(row.totalPurchased),
    totalSpentCents: Number(row.totalSpentCents),
  };
}

/** Customers matching a search on username, e-mail or name, newest first, one keyset page. */
export async function listAdminCustomers(db: Db, query: CustomerListQuery): Promise<AdminCustomerPage> {
  const rows = await listCustomers(db, {
    q: query.q || undefined,
    beforeId: query.cursor,
    limit: query.limit + 1,
  });
  return pageFrom(rows, query.limit, toCustomer);
}

/** One customer with contact, shipping addresses and the chips they minted and bought. */
export async function getAdminCustomer(db: Db, id: number): Promise<AdminCustomerDetail> {
  const row = assertFound(await findCustomer(db, id), 'Customer not found');
  const [addresses, minted, purchased] = await Promise.all([
    listCustomerAddresses(db, id),
    listMintedChips(db, id),
    listPurchasedChips(db, id),
  ]);
  const toChip = (c: (typeof minted)[number]) => ({
    id: c.id,
    title: c.title,
    slug: c.slug,
    imageUrl: c.imageUrl,
    priceUsd: c.priceCents === null ? null : centsToUsdString(c.priceCents),
    status: c.status,
    shippingOption: c.shippingOption,
    creatorUsername: c.creatorUsername,
  });
  return {
    ...toCustomer(row),
    phone: row.phone ?? addresses.find((a) => a.phone)?.phone ?? null,
    paypalEmail: row.paypalEmail,
    affiliateCode: row.affiliateCode,
    referredBy: row.referredBy,
    isEmailVerified: row.isEmailVerified,
    role: row.role,
    shippingAddresses: addresses.map((a) => ({
      id: a.id,
      name: a.name,
      street: a.addressLine1,
      addressLine2: a.addressLine2,
      city: a.city,
      state: a.state,
      postalCode: a.zipCode,
      country: a.country,
      phone: a.phone,
      isDefault: a.isDefault,
    })),
    mintedArtchips: minted.map(toChip),
    purchasedArtchips: purchased.map(toChip),
  };
}

/** Rejects a taken e-mail, username or affiliate code, and a referrer that does not exist. */
async function checkCustomerInput(db: Db, input: CustomerInput, exceptId?: number): Promise<void> {
  const clashes = await findCustomerClashes(db, {
    email: input.email,
    username: input.username,
    affiliateCode: input.affiliateCode || null,
    exceptId,
  });
  const fieldErrors: Record<string, string[]> = {};
  for (const c of clashes) {
    if (c.email.toLowerCase() === input.email.toLowerCase())
      fieldErrors.email = ['This email is already in use'];
    if (c.username.toLowerCase() === input.username.toLowerCase()) {
      fieldErrors.username = ['This username is already taken'];
    }
    if (input.affiliateCode && c.affiliateCode === input.affiliateCode) {
      fieldErrors.affiliateCode = ['This affiliate code is already in use'];
    }
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw new AppError('CONFLICT', first, { fieldErrors });
  if (input.referredBy !== null) {
    if (input.referredBy === exceptId || !(await userExists(db, input.referredBy))) {
      throw new AppError('VALIDATION_FAILED', 'Referred By must be the id of another user', {
        fieldErrors: { referredBy: ['Referred By must be the id of another user'] },
      });
    }
  }
}

function toWrite(
  input: CustomerInput,
): Omit<CustomerWrite, 'affiliateCode'> & { affiliateCode: string | null } {
  return {
    email: input.email,
    username: input.username,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    profileImageUrl: input.profileImageUrl || null,
    isEmailVerified: input.isEmailVerified,
    affiliateCode: input.affiliateCode || null,
    referredBy: input.referredBy,
    paypalEmail: input.paypalEmail || null,
  };
}

/** Creates a customer account (no password: they set one through the e-mail reset flow). Audited. */
export async function createAdminCustomer(
  db: Db,
  adminId: number,
  input: CustomerInput,
): Promise<AdminCustomerDetail> {
  const id = await db.transaction(async (tx) => {
    await checkCustomerInput(tx, input);
    const values = toWrite(input);
    const row = await insertCustomer(tx, {
      ...values,
      affiliateCode: values.affiliateCode ?? createCode(10),
    });
    const after = await findUserForEdit(tx, row.id);
    await recordAudit(tx, {
      adminId,
      action: 'customer.create',
      entity: 'customer',
      entityId: row.id,
      before: null,
      after,
    });
    return row.id;
  });
  return getAdminCustomer(db, id);
}

/** Updates a customer's profile fields; an empty affiliate code keeps the current one. Audited. */
export async function updateAdminCustomer(
  db: Db,
  adminId: number,
  id: number,
  input: CustomerInput,
): Promise<AdminCustomerDetail> {
  await db.transaction(async (tx) => {
    const before = assertFound(await findUserForEdit(tx, id), 'Customer not found');
    await checkCustomerInput(tx, input, id);
    const { affiliateCode, ...values } = toWrite(input);
    await updateCustomer(tx, id, { ...values, ...(affiliateCode ? { affiliateCode } : {}) });
    const after = await findUserForEdit(tx, id);
    await recordAudit(tx, {
      adminId,
      action: 'customer.update',
      entity: 'customer',
      entityId: id,
      before,
      after,
    });
  });
  return getAdminCustomer(db, id);
}
