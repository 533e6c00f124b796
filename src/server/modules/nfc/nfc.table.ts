import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { baseColumns, tstz } from '#server/db/columns.ts';
import { chips } from '#server/modules/chips/chips.table.ts';

/** An NTAG 424 DNA tag sealed in a chip. Keys are stored encrypted under NFC_MASTER_KEY, never in clear. */
export const nfcTags = pgTable(
  'nfc_tags',
  {
    ...baseColumns,
    chipId: integer().references(() => chips.id, { onDelete: 'set null' }),
    /** 7-byte UID, upper-case hex. */
    uid: text().notNull(),
    /** 'AES' | 'LRP' */
    mode: text().notNull().default('AES'),
    metaReadKeyEnc: text().notNull(),
    fileReadKeyEnc: text().notNull(),
    /** Fingerprint of the meta-read key, to find the candidate keys in use without decrypting every tag. */
    metaReadKeyId: text().notNull(),
    /** 'diversified' (AN10922 from the master key, see provisioning) | 'supplied' (keys given by an admin). */
    keySource: text().notNull().default('supplied'),
    urlTemplate: text(),
    /** Highest SDMReadCtr accepted; -1 before the first tap. */
    lastCounter: integer().notNull().default(-1),
    /** When the last 'verified_tap' chip event was written; bounds them to one per tag per 10 minutes. */
    lastEventAt: tstz(),
    /** 'active' | 'retired' */
    status: text().notNull().default('active'),
  },
  (t) => [
    uniqueIndex('nfc_tags_uid_uq').on(t.uid),
    index('nfc_tags_chip_id_idx').on(t.chipId),
    index('nfc_tags_meta_key_idx').on(t.metaReadKeyId),
  ],
);

export const nfcTaps = pgTable(
  'nfc_taps',
  {
    ...baseColumns,
    tagId: integer().references(() => nfcTags.id, { onDelete: 'cascade' }),
    chipId: integer().references(() => chips.id, { onDelete: 'set null' }),
    /** UID the tap claimed (authenticated only when status is not 'invalid' / 'unknown_tag'). */
    uid: text(),
    /** Authenticated SDMReadCtr; null when the MAC did not verify. */
    counter: integer(),
    /** 'authentic' | 'repeated' | 'suspected_clone' | 'invalid' | 'unknown_tag' */
    status: text().notNull(),
    /** Why a tap was refused (SUN failure code: malformed, bad_picc, unknown_key, bad_mac, …). */
    reason: text(),
  },
  (t) => [
    index('nfc_taps_tag_id_idx').on(t.tagId, t.createdAt),
    index('nfc_taps_chip_id_idx').on(t.chipId, t.createdAt),
  ],
);
