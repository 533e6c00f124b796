/** The back office's writes to customer accounts (views/admin-customers reads them back). */
import type { Db } from '#server/db/client.ts';
import { AppError, assertFound } from '#server/lib/app-error.ts';
import { createCode } from '#server/lib/tokens.ts';
import { recordAudit } from '#server/modules/audit/index.ts';
import type { CustomerInput } from '#shared/admin.schemas.ts';
import {
  findCustomerClashes,
  findUserForEdit,
  insertCustomer,
  updateCustomer,
  userExists,
  type CustomerWrite,
} from './customers.repo.ts';

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

/**
 * Creates a customer account for the back office (no password: they set one through the e-mail reset
 * flow); answers its id. Audited.
 */
export async function createAdminCustomer(db: Db, adminId: number, input: CustomerInput): Promise<number> {
  return db.transaction(async (tx) => {
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
}

/** Updates a customer's profile fields; an empty affiliate code keeps the current one. Audited. */
export async function updateAdminCustomer(
  db: Db,
  adminId: number,
  id: number,
  input: CustomerInput,
): Promise<void> {
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
}
