import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { siteSettings } from './settings.table.ts';

/** The site settings live in one row with this id. */
export const SETTINGS_ROW_ID = 1;

/** The stored settings JSON, or null before an admin has saved any. */
export async function findSettingsData(db: Db): Promise<Record<string, unknown> | null> {
  const rows = await db
    .select({ data: siteSettings.data })
    .from(siteSettings)
    .where(eq(siteSettings.id, SETTINGS_ROW_ID))
    .limit(1);
  return rows[0]?.data ?? null;
}

/** Creates the settings row if missing, then locks it for the rest of the transaction and returns its JSON. */
export async function lockSettingsData(tx: Db): Promise<Record<string, unknown>> {
  await tx
    .insert(siteSettings)
    .overridingSystemValue()
    .values({ id: SETTINGS_ROW_ID, data: {} })
    .onConflictDoNothing({ target: siteSettings.id });
  const rows = await tx
    .select({ data: siteSettings.data })
    .from(siteSettings)
    .where(eq(siteSettings.id, SETTINGS_ROW_ID))
    .for('update');
  return rows[0]?.data ?? {};
}

/** Replaces the stored settings JSON. */
export async function writeSettingsData(
  tx: Db,
  data: Record<string, unknown>,
  updatedBy: number | null,
): Promise<void> {
  await tx
    .update(siteSettings)
    .set({ data, updatedBy, updatedAt: new Date() })
    .where(eq(siteSettings.id, SETTINGS_ROW_ID));
}
