import type { ServiceContext } from '#server/lib/service-context.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import {
  getChipById,
  issueHandoverClaim,
  issueOwnerHandoverTap,
  recordChipEvent,
  staleTapClaimMessage,
  type TapClaimOutcome,
} from '#server/modules/chips/index.ts';
import { deliverOrderByTap } from '#server/modules/orders/index.ts';
import type { Chip } from '#shared/chips.schemas.ts';
import type { NfcTagMode, TapResult, TapStatus } from '#shared/nfc.schemas.ts';
import type { HandoverTap, TapHistory } from '#shared/handovers.schemas.ts';
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import type { NfcKeyring } from './nfc-keys.ts';
import {
  acceptCounter,
  claimEventSlot,
  findLastCounter,
  findTagByUid,
  insertTap,
  findActiveTagByChipId,
  listMetaKeyRefs,
  summarizeVerifiedTaps,
  type NfcTagRow,
} from './nfc.repo.ts';
import { authenticateTap, identifyTap, parseTapQuery, type SunTap, type TapIdentity } from './sun.ts';

/** At most one 'verified_tap' provenance event per tag in this window (a collector showing a chip off). */
const VERIFIED_TAP_EVENT_WINDOW_MS = 10 * 60 * 1000;
// Decrypted meta-read keys are kept briefly so a tap does not hit the database and GCM for each key.
const META_KEY_TTL_MS = 60_000;
// A tap no cached key explains reloads the keys (a tag provisioned on another server), but not more often.
const META_KEY_MIN_RELOAD_MS = 2_000;

type MetaKey = { keyId: string; key: Buffer };
type MetaKeyCache = { loadedAt: number; keys: MetaKey[] };
const metaKeyCaches = new WeakMap<NfcKeyring, MetaKeyCache>();

/** Drops this process's decrypted meta-read keys (after a tag was written). */
export function forgetMetaKeys(keyring: NfcKeyring): void {
  metaKeyCaches.delete(keyring);
}

async function metaKeys(db: Db, keyring: NfcKeyring, log: FastifyBaseLogger | undefined): Promise<MetaKey[]> {
  const keys: MetaKey[] = [];
  for (const ref of await listMetaKeyRefs(db)) {
    try {
      keys.push({ keyId: ref.metaReadKeyId, key: keyring.open(ref.metaReadKeyEnc, ref.uid, 'metaRead') });
    } catch {
      // Sealed under another master key (NFC_MASTER_KEY changed?): those tags cannot verify until re-provisioned.
      log?.error({ metaReadKeyId: ref.metaReadKeyId, uid: ref.uid }, 'cannot open an NFC meta-read key');
    }
  }
  return keys;
}

async function cachedMetaKeys(
  db: Db,
  keyring: NfcKeyring,
  nowMs: number,
  log: FastifyBaseLogger | undefined,
  minAgeMs: number,
): Promise<MetaKey[]> {
  const cached = metaKeyCaches.get(keyring);
  if (cached && nowMs - cached.loadedAt < minAgeMs) return cached.keys;
  const keys = await metaKeys(db, keyring, log);
  metaKeyCaches.set(keyring, { loadedAt: nowMs, keys });
  return keys;
}

/** The tag's cipher; rows written before LRP support say 'AES'. */
export function tagMode(row: Pick<NfcTagRow, 'mode'>): NfcTagMode {
  return row.mode === 'LRP' ? 'LRP' : 'AES';
}

type Candidate = { tag: NfcTagRow; identity: TapIdentity };
type Match = { candidates: Candidate[]; claimedUid: string | null; reason: string };

async function matchTags(db: Db, tap: SunTap, keys: MetaKey[]): Promise<Match> {
  const identified = identifyTap(
    tap,
    keys.map((k) => k.key),
  );
  if (!identified.ok) return { candidates: [], claimedUid: null, reason: identified.reason };
  const candidates: Candidate[] = [];
  for (const identity of identified.candidates) {
    const tag = await findTagByUid(db, identity.uid);
    if (!tag || tag.status !== 'active') continue;
    // A wrong key can pass the PICCData checks by chance (~1/256): the key must be the one this tag uses.
    const keyId = identity.metaKeyIndex === undefined ? undefined : keys[identity.metaKeyIndex]?.keyId;
    if (keyId !== undefined && keyId !== tag.metaReadKeyId) continue;
    // An encrypted tap's PICCData length gives its mode; it must be the one the tag was registered with.
    if (tap.form === 'encrypted' && tap.mode !== tagMode(tag)) continue;
    candidates.push({ tag, identity });
  }
  const claimedUid = identified.candidates.length === 1 ? identified.candidates[0]!.uid : null;
  return { candidates, claimedUid, reason: 'unknown_tag' };
}

export type VerifyTapOptions = {
  /** The request's raw URL or query string, exactly as received (the MAC covers the raw text). */
  rawUrl: string;
  keyring: NfcKeyring;
  /** Who is looking: a chip that is not public yet shows only to its creator, owner or an admin. */
  viewer: AuthUser | null;
  log?: FastifyBaseLogger | undefined;
};

// The catalogue decides what a visitor may see of a chip; a hidden chip reads as null.
async function visibleChip(
  ctx: ServiceContext,
  chipId: number,
  viewer: AuthUser | null,
): Promise<Chip | null> {
  try {
    return (await getChipById(ctx, { id: chipId, viewer })).chip;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  }
}

/**
 * Verifies a SUN tap and applies the replay rule (SUN.md Step 7): only a MAC-valid tap with a counter above the
 * tag's last accepted one is 'authentic' and moves the counter; equal is 'repeated' (reload, link preview), lower
 * is 'suspected_clone'. Every tap is recorded in nfc_taps; the chip is only shown once the MAC verified.
 */
export async function verifyTap(ctx: ServiceContext, options: VerifyTapOptions): Promise<TapResult> {
  const { keyring, log } = options;
  const db = ctx.db;
  const now = ctx.clock();
  const refuse = async (status: TapStatus, reason: string, tag?: NfcTagRow, uid?: string | null) => {
    await insertTap(db, {
      status,
      reason,
      tagId: tag?.id ?? null,
      chipId: tag?.chipId ?? null,
      uid: uid ?? null,
    });
    log?.info({ tapStatus: status, reason, tagId: tag?.id }, 'nfc tap refused');
    return {
      status,
      uid: status === 'unknown_tag' ? (uid ?? null) : null,
      counter: null,
      chip: null,
      unavailable: false,
      claim: null,
      claimMessage: null,
      handoverTap: null,
      deliveredOrderId: null,
    };
  };

  const parsed = parseTapQuery(options.rawUrl);
  if (!parsed.ok) return refuse('invalid', parsed.reason);
  const tap = parsed.tap;

  let match = await matchTags(
    db,
    tap,
    await cachedMetaKeys(db, keyring, now.getTime(), log, META_KEY_TTL_MS),
  );
  if (match.candidates.length === 0 && tap.form === 'encrypted') {
    const keys = await cachedMetaKeys(db, keyring, now.getTime(), log, META_KEY_MIN_RELOAD_MS);
    match = await matchTags(db, tap, keys);
  }
  if (match.candidates.length === 0) return refuse('unknown_tag', match.reason, undefined, match.claimedUid);

  let verified: { tag: NfcTagRow; uid: string; counter: number } | undefined;
  let failure = 'bad_mac';
  for (const { tag, identity } of match.candidates) {
    let fileReadKey: Buffer;
    try {
      fileReadKey = keyring.open(tag.fileReadKeyEnc, tag.uid, 'fileRead');
    } catch {
      log?.error({ tagId: tag.id }, 'cannot open an NFC file-read key');
      failure = 'key_unavailable';
      continue;
    }
    const result = authenticateTap(tap, identity, fileReadKey, tagMode(tag));
    if (result.ok) {
      verified = { tag, uid: result.uid, counter: result.counter };
      break;
    }
    failure = result.reason;
  }
  // A bad MAC never reaches the counter: the tap is only recorded.
  if (!verified)
    return refuse('invalid', failure, match.candidates[0]!.tag, match.candidates[0]!.identity.uid);

  const { tag, uid, counter } = verified;
  let handover: TapClaimOutcome = { claim: null, claimMessage: null };
  let handoverTap: HandoverTap | null = null;
  let deliveredOrderId: number | null = null;
  const status = await db.transaction(async (tx): Promise<TapStatus> => {
    let outcome: TapStatus;
    if (await acceptCounter(tx, tag.id, counter)) {
      outcome = 'authentic';
      const windowStart = new Date(now.getTime() - VERIFIED_TAP_EVENT_WINDOW_MS);
      if (tag.chipId !== null && (await claimEventSlot(tx, tag.id, now, windowStart))) {
        await recordChipEvent(tx, { chipId: tag.chipId, type: 'verified_tap', data: { counter, uid } });
      }
      // A chip being handed over: this fresh tap (and only it) gets a claim token (issue 15).
      if (tag.chipId !== null) {
        handover = await issueHandoverClaim(tx, { chipId: tag.chipId, tagId: tag.id, counter, now });
      }
      // Its signed-in owner's fresh tap may open a handover from this counter (decision 038).
      if (tag.chipId !== null && options.viewer) {
        handoverTap = await issueOwnerHandoverTap(tx, {
          chipId: tag.chipId,
          tagId: tag.id,
          counter,
          viewerId: options.viewer.id,
          now,
        });
      }
      // The signed-in buyer's fresh tap of a chip shipped to them confirms its delivery (decision 064).
      if (tag.chipId !== null && options.viewer) {
        deliveredOrderId = await deliverOrderByTap(tx, {
          chipId: tag.chipId,
          viewerId: options.viewer.id,
          now,
        });
      }
    } else {
      const last = await findLastCounter(tx, tag.id);
      // last < counter here means the tag was retired meanwhile.
      outcome =
        last === counter ? 'repeated' : last !== null && last > counter ? 'suspected_clone' : 'unknown_tag';
    }
    await insertTap(tx, { status: outcome, tagId: tag.id, chipId: tag.chipId, uid, counter, reason: null });
    return outcome;
  });
  if (status === 'suspected_clone') log?.warn({ tagId: tag.id, uid, counter }, 'nfc tap with an old counter');
  else log?.info({ tapStatus: status, tagId: tag.id, counter }, 'nfc tap verified');
  const chip =
    status === 'unknown_tag' || tag.chipId === null
      ? null
      : await visibleChip(ctx, tag.chipId, options.viewer);
  // A replayed or old URL of a chip being handed over says why it claims nothing.
  if (chip && status !== 'authentic') {
    handover = { claim: null, claimMessage: await staleTapClaimMessage(db, chip.id) };
  }
  return {
    status,
    uid,
    counter,
    chip,
    // A genuine tag on a chip an admin took down: genuine, and unavailable (not "not found").
    unavailable: status !== 'unknown_tag' && tag.chipId !== null && !chip,
    ...(chip ? handover : { claim: null, claimMessage: null }),
    handoverTap: chip ? handoverTap : null,
    deliveredOrderId,
  };
}

/** GET /api/artchip/:id/tap-history: how many verified taps and when the last was, never where. */
export async function getTapHistory(
  ctx: ServiceContext,
  chipId: number,
  viewer: AuthUser | null,
): Promise<TapHistory> {
  if (!(await visibleChip(ctx, chipId, viewer))) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const summary = await summarizeVerifiedTaps(ctx.db, chipId);
  return { verifiedTaps: summary.count, lastVerifiedAt: summary.lastAt?.toISOString() ?? null };
}

/** The chip's active tag and the highest counter it has accepted (an owner's tap to open a handover must be of it), or null. */
export async function findChipTagCounter(
  db: Db,
  chipId: number,
): Promise<{ tagId: number; lastCounter: number } | null> {
  const tag = await findActiveTagByChipId(db, chipId);
  return tag ? { tagId: tag.id, lastCounter: tag.lastCounter } : null;
}
