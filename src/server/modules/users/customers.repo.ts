import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from './users.table.ts';

/** The editable columns of a user, for the audit log's before/after. */
export async function findUserForEdit(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      isEmailVerified: users.isEmailVerified,
      affiliateCode: users.affiliateCode,
      referredBy: users.referredBy,
      paypalEmail: users.paypalEmail,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Who already holds this e-mail, username or affiliate code (case-insensitive), other than exceptId. */
export async function findCustomerClashes(
  db: Db,
  args: { email: string; username: string; affiliateCode: string | null; exceptId?: number },
) {
  const clash: SQL[] = [
    sql`lower(${users.email}) = lower(${args.email})`,
    sql`lower(${users.username}) = lower(${args.username})`,
  ];
  if (args.affiliateCode) clash.push(eq(users.affiliateCode, args.affiliateCode));
  const conditions: SQL[] = [or(...clash)!];
  if (args.exceptId !== undefined) conditions.push(sql`${users.id} <> ${args.exceptId}`);
  return db
    .select({ email: users.email, username: users.username, affiliateCode: users.affiliateCode })
    .from(users)
    .where(and(...conditions))
    .limit(3);
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(row);
}

export type CustomerWrite = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertCustomer(db: Db, values: CustomerWrite) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!;
}

export async function updateCustomer(db: Db, id: number, values: Partial<CustomerWrite>) {
  await db.update(users).set(values).where(eq(users.id, id));
}
