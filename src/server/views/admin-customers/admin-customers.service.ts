import type { Db } from '#server/db/client.ts';
import { assertFound } from '#server/lib/app-error.ts';
import { pageFrom } from '#server/lib/page.ts';
import { centsToUsdString } from '#shared/money.ts';
import type {
  AdminCustomer,
  AdminCustomerDetail,
  AdminCustomerPage,
  CustomerListQuery,
} from '#shared/admin.schemas.ts';
import {
  findCustomer,
  listCustomerAddresses,
  listCustomers,
  listMintedChips,
  listPurchasedChips,
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
    payoutsFrozenAt: row.payoutsFrozenAt?.toISOString() ?? null,
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
