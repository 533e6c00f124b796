import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { baseColumns, tstz } from '#server/db/columns.ts';

export const users = pgTable(
  'users',
  {
    ...baseColumns,
    email: text().notNull(),
    username: text().notNull(),
    /**
     * The username was made from the account's e-mail (a guest checkout's or an invited recipient's
     * account) and its owner has not picked one: it is never shown publicly, the account reads as "a
     * collector" (docs/decisions/060). Cleared when the owner picks another username.
     */
    usernameIsPrivate: boolean().notNull().default(false),
    passwordHash: text(),
    /**
     * The password was set with a guest checkout's hand-out, which does not prove the e-mail: proving
     * the e-mail later discards it (docs/decisions/035).
     */
    hasUnprovenPassword: boolean().notNull().default(false),
    firstName: text(),
    lastName: text(),
    paypalEmail: text(),
    profileImageUrl: text(),
    /** People following this creator (issue 31): kept with each follow and unfollow. */
    followerCount: integer().notNull().default(0),
    /** The creator profile's short bio (≤ 500 characters) and links ([{ label, url }]). */
    bio: text(),
    links: jsonb().$type<{ label: string; url: string }[]>().notNull().default([]),
    /** Accounts of the demo catalogue: never counted in stats, admin figures or Top Minters. */
    isDemo: boolean().notNull().default(false),
    phone: text(),
    /** 'user' | 'admin': admin rights are decided by this column on every admin call. */
    role: text().notNull().default('user'),
    isEmailVerified: boolean().notNull().default(false),
    affiliateCode: text().notNull(),
    referredBy: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * When the profile's PayPal e-mail (where direct-PayPal buyers pay) was last set (decision 071);
     * null: before that decision, or never set. A payout to it waits payoutDestinationHoldHours.
     */
    paypalEmailSetAt: tstz(),
    /** Payouts refused while set: the owner reported a destination change they did not make (decision 071). */
    payoutsFrozenAt: tstz(),
    /**
     * Decision 076: this account lost the platform a card or PayPal dispute (a chargeback). Admins see
     * it; the account cannot check out until an admin clears it.
     */
    disputeFlaggedAt: tstz(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_affiliate_code_uq').on(t.affiliateCode),
    // The marketplace search also finds chips by their creator's name (`ilike '%word%'`).
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_referred_by_idx').on(t.referredBy),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const shippingAddresses = pgTable(
  'shipping_addresses',
  {
    ...baseColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    addressLine1: text().notNull(),
    addressLine2: text(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    country: text().notNull().default('US'),
    phone: text(),
    isDefault: boolean().notNull().default(false),
  },
  (t) => [index('shipping_addresses_user_id_idx').on(t.userId)],
);
