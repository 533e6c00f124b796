import { COMPANY_CREATOR_ID } from '#shared/chips.schemas.ts';
import { and, desc, eq, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { likePattern } from '#server/lib/sql.ts';
import { users } from '#server/modules/users/users.table.ts';
import type { AdminChipListQuery } from '#shared/admin.schemas.ts';
import { chips } from './chips.table.ts';

/** Company-made chips have creator 1 (spec §3), labelled Company. */
export const COMPANY_USER_ID = COMPANY_CREATOR_ID;

const creators = alias(users, 'creators');
const owners = alias(users, 'owners');

const columns = {
  chip: chips,
  creatorUsername: creators.username,
  ownerUsername: owners.username,
};

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(chips)
    .innerJoin(creators, eq(creators.id, chips.creatorId))
    .leftJoin(owners, eq(owners.id, chips.ownerId));
}

/** Every chip (any status), newest first, filtered; keyset on id. */
export function listChips(db: Db, query: AdminChipListQuery & { limit: number }) {
  const conditions: SQL[] = [];
  if (query.q) {
    const p = likePattern(query.q);
    conditions.push(
      or(ilike(chips.title, p), ilike(creators.username, p), ilike(chips.unitId, p), ilike(chips.nfcUid, p))!,
    );
  }
  if (query.status) conditions.push(eq(chips.status, query.status));
  if (query.maker === 'company') conditions.push(eq(chips.creatorId, COMPANY_USER_ID));
  if (query.maker === 'customer') conditions.push(ne(chips.creatorId, COMPANY_USER_ID));
  if (query.isSurprize) conditions.push(eq(chips.isSurprize, query.isSurprize === 'true'));
  if (query.isAvailable) {
    conditions.push(query.isAvailable === 'true' ? eq(chips.status, 'active') : ne(chips.status, 'active'));
  }
  if (query.reported) {
    conditions.push(
      query.reported === 'true' ? ne(chips.reportStatus, 'none') : eq(chips.reportStatus, 'none'),
    );
  }
  if (query.cursor !== undefined) conditions.push(lt(chips.id, query.cursor));
  return baseQuery(db)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(chips.id))
    .limit(query.limit);
}

export async function findChip(db: Db, id: number) {
  const [row] = await baseQuery(db).where(eq(chips.id, id)).limit(1);
  return row ?? null;
}

/** Another chip already holding this unit id or NFC UID. */
export async function findChipClash(
  db: Db,
  args: { id: number; unitId?: string | null; nfcUid?: string | null },
) {
  const clash: SQL[] = [];
  if (args.unitId) clash.push(eq(chips.unitId, args.unitId));
  if (args.nfcUid) clash.push(sql`upper(${chips.nfcUid}) = upper(${args.nfcUid})`);
  if (clash.length === 0) return null;
  const [row] = await db
    .select({ id: chips.id, unitId: chips.unitId, nfcUid: chips.nfcUid })
    .from(chips)
    .where(and(ne(chips.id, args.id), or(...clash)))
    .limit(1);
  return row ?? null;
}

export async function slugTaken(db: Db, creatorId: number, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chips.id })
    .from(chips)
    .where(and(eq(chips.creatorId, creatorId), eq(chips.slug, slug)))
    .limit(1);
  return Boolean(row);
}
