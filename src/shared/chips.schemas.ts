import { z } from 'zod';
import { BRAND } from './brand.ts';
import {
  CROP_ROTATION_MAX,
  CROP_ROTATION_MIN,
  CROP_ZOOM_MAX,
  CROP_ZOOM_MIN,
  type ChipCrop,
} from './chip-crop.ts';

export const CHIP_SHAPES = ['round', 'square'] as const;
export type ChipShape = (typeof CHIP_SHAPES)[number];

/** Spec-style messages of a crop out of bounds. */
export const CROP_MESSAGES = {
  x: 'Crop centre must be between 0 and 1 across',
  y: 'Crop centre must be between 0 and 1 down',
  zoom: `Zoom must be between ${CROP_ZOOM_MIN} and ${CROP_ZOOM_MAX}`,
  rotation: `Rotation must be between ${CROP_ROTATION_MIN} and ${CROP_ROTATION_MAX} degrees`,
} as const;

function bounded(min: number, max: number, message: string) {
  return z.number({ error: message }).min(min, message).max(max, message);
}

/**
 * Where the artwork sits in the disc, as placed in the mint studio (geometry: chip-crop.ts): the
 * image point at the disc's centre (x, y in 0..1), zoom 1..8 (1 = the disc just covers the image) and
 * rotation in degrees (−180..180).
 */
export const ChipCropSchema = z.strictObject(
  {
    x: bounded(0, 1, CROP_MESSAGES.x),
    y: bounded(0, 1, CROP_MESSAGES.y),
    zoom: bounded(CROP_ZOOM_MIN, CROP_ZOOM_MAX, CROP_MESSAGES.zoom),
    rotation: bounded(CROP_ROTATION_MIN, CROP_ROTATION_MAX, CROP_MESSAGES.rotation),
  },
  { error: 'Crop must give x, y, zoom and rotation' },
);

// The schema and the zod-free geometry (chip-crop.ts) describe one crop: this fails to compile if not.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameCrop: Same<z.infer<typeof ChipCropSchema>, ChipCrop> = true;
void sameCrop;
/**
 * The chip's listing state (spec §3 `status`), one meaning each (docs/decisions/062): pending (made,
 * not yet listed by its owner: public, not for sale), active (listed at a price), inactive (taken off
 * the market by its owner or an admin), sold (bought, and not listed again since), removed (taken down
 * by an admin: hidden from everyone but its owner and admins; a tap still proves it genuine).
 * isActive, isForSale and isAvailable on the wire are derived from it.
 */
export const CHIP_STATUSES = ['pending', 'active', 'inactive', 'sold', 'removed'] as const;
export type ChipStatus = (typeof CHIP_STATUSES)[number];

/**
 * Where the physical chip is: in our vault; leaving it (a paid shipment waiting for the carrier); on
 * its way to the owner; with the owner. The wire's shippingOption is 'store' only while in the vault.
 */
/** Where the chip is: in our vault, leaving it, travelling to its owner, with them, or on its way back to us. */
export const CHIP_CUSTODIES = ['in_vault', 'dispatching', 'in_transit', 'with_owner', 'inbound'] as const;
export type ChipCustody = (typeof CHIP_CUSTODIES)[number];

/**
 * What the viewer may do with a chip now, decided by the chip lifecycle on the server. The web shows
 * exactly these actions, so no button ends in an error.
 */
const ChipActionsSchema = z.object({
  /** Buy Now (a visitor is asked to sign in or check out as a guest). */
  buy: z.boolean(),
  /** Make Offer (a visitor is asked to sign in). */
  offer: z.boolean(),
  /** The owner activates a pending chip with a price. */
  activate: z.boolean(),
  /** The owner lists an unlisted or bought chip again (needs a price). */
  list: z.boolean(),
  /** The owner takes a listed chip off the market. */
  delist: z.boolean(),
  /** The owner changes the price (and direct PayPal). */
  price: z.boolean(),
  /** The owner asks for a vaulted chip to be shipped to them. */
  shipToMe: z.boolean(),
  /** The owner hands the chip to someone else (an offline transfer, for the transfer fee). */
  transfer: z.boolean(),
  /** The owner hands a chip that is with them to whoever taps it next (issue 15). */
  handover: z.boolean(),
  /** The owner reports the chip lost or stolen, or clears the report. */
  report: z.boolean(),
  /** The owner of a chip they hold sends it back to our vault (issue 28). */
  sendToVault: z.boolean(),
});
export type ChipActions = z.infer<typeof ChipActionsSchema>;
export const TITLE_MAX_LENGTH = 100;
export const DESCRIPTION_MAX_LENGTH = 500;
export const UNIT_ID_PATTERN = /^\d{14}$/;
const DEMO_KEYWORDS = ['test', 'demo', 'sample', 'admin', 'example'] as const;
export const MARKETPLACE_PAGE_SIZE = 24;
/** Spec §9: up to 10 extra images ("reference URLs") per piece, besides its main image. */
export const MAX_ADDITIONAL_IMAGES = 10;

/**
 * One responsive rendition of an image: WebP at `url`, and the same picture as AVIF at `avifUrl` (about
 * half the bytes; absent on animations and on images stored before AVIF was made).
 */
export const ImageVariantSchema = z.object({
  width: z.number().int(),
  url: z.string(),
  avifUrl: z.string().optional(),
});
export type ImageVariant = z.infer<typeof ImageVariantSchema>;

/** The AVIF `srcset` of a set of variants, or null unless every one has its AVIF (a mixed set would
 * let the browser pick a width that only exists as WebP). */
export function avifSrcSetOf(variants: readonly ImageVariant[]): string | null {
  if (variants.length === 0 || variants.some((v) => !v.avifUrl)) return null;
  return [...variants]
    .sort((a, b) => a.width - b.width)
    .map((v) => `${v.avifUrl} ${v.width}w`)
    .join(', ');
}

/** How wide a chip page draws its picture: the `sizes` of its img and of the preload in the head. */
export const CHIP_DETAIL_IMAGE_SIZES = '(min-width: 1024px) 600px, 95vw';

/** A photograph of the made chip (admin upload), with its responsive renditions. */
export const ChipPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  variants: z.array(ImageVariantSchema),
  width: z.number().int(),
  height: z.number().int(),
});
export type ChipPhoto = z.infer<typeof ChipPhotoSchema>;
/** Photographs of one made chip, at most. */
export const MAX_CHIP_PHOTOS = 10;

/** The wire shape of a chip (spec §3), plus owner, image variants and the demo flag. */
export const ChipSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  /** Token amount for the USD price at the current token price, whole tokens as a string; null when unpriced. */
  price: z.string().nullable(),
  /** USD price as a decimal string with 2 decimals ("12.50"); null when unpriced. */
  priceUsd: z.string().nullable(),
  imageUrl: z.string().nullable(),
  imageVariants: z.array(ImageVariantSchema),
  /**
   * True when imageUrl and imageVariants are the chip as it will be made (its placed disc: shape and
   * crop applied, square, transparent outside); false while only the artwork exists (then place it
   * with crop). imageWidth and imageHeight are always the artwork's.
   */
  imagePlaced: z.boolean(),
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  originalImageUrl: z.string().nullable(),
  adminImageUrl: z.string().nullable(),
  /** The admin's video of a surprize chip (admin media form); the chip page links to it. */
  adminVideoUrl: z.string().nullable(),
  additionalImageUrls: z.array(z.string()),
  unitId: z.string().nullable(),
  nfcUid: z.string().nullable(),
  isAvailable: z.boolean(),
  isActive: z.boolean(),
  isForSale: z.boolean(),
  isSurprize: z.boolean(),
  /** 1 = company-made (labelled Company); others Customer. */
  creatorId: z.number().int(),
  creatorUsername: z.string(),
  ownerId: z.number().int().nullable(),
  ownerUsername: z.string().nullable(),
  /** The creator's and the owner's avatars (profileImageUrl); null shows their initials. */
  creatorProfileImageUrl: z.string().nullable(),
  /**
   * The creator's public follower count (issue 31): the chip page shows it with Follow. In the chip's
   * answer, which a change of the creator's row drops (decision 078), so the page reads nothing more.
   */
  creatorFollowerCount: z.number().int(),
  ownerProfileImageUrl: z.string().nullable(),
  /**
   * The owner has no public name (a guest checkout's account, named from its e-mail): shown as "a
   * collector", and ownerUsername and ownerProfileImageUrl are null.
   */
  ownerIsCollector: z.boolean(),
  associatedUrl: z.string().nullable(),
  tiktokUrl: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
  instagramUrl: z.string().nullable(),
  xUrl: z.string().nullable(),
  paypalEnabled: z.boolean(),
  createdAt: z.string(),
  shape: z.enum(CHIP_SHAPES),
  /** Where the artwork sits in the disc; null: centred, zoom 1, upright (chips made before the studio). */
  crop: ChipCropSchema.nullable(),
  status: z.enum(CHIP_STATUSES),
  shippingOption: z.enum(['ship', 'store']),
  custody: z.enum(CHIP_CUSTODIES),
  /** The highest price it was actually sold for (0 before its first sale): the platform fee's base. */
  highestSaleCents: z.number().int(),
  /** Its last sale on the marketplace (price and time), or null if it never sold; pages show it while status is 'sold'. */
  lastSale: z.object({ priceCents: z.number().int(), soldAt: z.string() }).nullable(),
  /** Held by a checkout in progress or an accepted offer: nobody else can buy it just now. */
  isReserved: z.boolean(),
  actions: ChipActionsSchema,
  isDemo: z.boolean(),
  /**
   * A chip of the demo catalogue while live payments are configured: it may be listed, but nobody can
   * buy it or offer on it (PRODUCT.md); pages say so instead of offering Buy.
   */
  isDemoNotForSale: z.boolean(),
  /** The owner reported it lost or stolen (null: not reported). */
  reportStatus: z.enum(['lost', 'stolen']).nullable(),
  /**
   * Decision 076: a dispute of the payment that brought it to its owner is open, so it is frozen;
   * true only in its owner's own view (everyone else reads it as not for sale).
   */
  underReview: z.boolean().optional(),
  /** Photographs of the real disc, oldest first (one chip's page; lists leave them out). */
  photos: z.array(ChipPhotoSchema),
  /** People watching it (issue 31): public; who they are is not. */
  watchCount: z.number().int(),
});
export type Chip = z.infer<typeof ChipSchema>;

export const MARKETPLACE_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type MarketplaceSort = (typeof MARKETPLACE_SORTS)[number];

const usdFilter = z
  .string()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,2})?$/, 'Enter a price like 12.50')
  .optional();

/** GET /api/artchip query: search text, filters, sort and an opaque keyset cursor. */
export const MarketplaceQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  shape: z.enum(CHIP_SHAPES).optional(),
  minPrice: usdFilter,
  maxPrice: usdFilter,
  creator: z.string().trim().max(50).optional(),
  sort: z.enum(MARKETPLACE_SORTS).default('newest'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(MARKETPLACE_PAGE_SIZE),
});
export type MarketplaceQuery = z.infer<typeof MarketplaceQuerySchema>;

export const ChipPageSchema = z.object({ items: z.array(ChipSchema), nextCursor: z.string().nullable() });
export type ChipPage = z.infer<typeof ChipPageSchema>;

const StatsFiguresSchema = z.object({
  chipsListed: z.number().int(),
  chipsMinted: z.number().int(),
  activeCreators: z.number().int(),
  totalSalesCents: z.number().int(),
  collectors: z.number().int(),
});

/**
 * Real figures for the landing and marketplace stats (PRODUCT.md "Numbers shown to people are real"),
 * without the demo catalogue; `demo` is what the demo catalogue adds to each, which pages show beside
 * them ("incl. N demo", decision 056).
 */
export const MarketplaceStatsSchema = StatsFiguresSchema.extend({ demo: StatsFiguresSchema });
export type MarketplaceStats = z.infer<typeof MarketplaceStatsSchema>;

/** A provenance event shown on the chip page, newest first. */
export const ChipEventSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  createdAt: z.string(),
  actorUsername: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type ChipEvent = z.infer<typeof ChipEventSchema>;

/** Spec §3 leaderboard entry (money in cents). */
export const LeaderboardEntrySchema = z.object({
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  totalMinted: z.number().int(),
  affiliateCount: z.number().int(),
  ownSalesEarningsCents: z.number().int(),
  affiliateEarningsCents: z.number().int(),
  totalSalesCents: z.number().int(),
  joinedDaysAgo: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

/** Spec §3: creator 1 is the company; its chips are labelled Company, all others Customer. */
export const COMPANY_CREATOR_ID = 1;

/** 'Company' for company-made chips, 'Customer' for chips minted by customers. */
export function chipMakerLabel(chip: { creatorId: number }): 'Company' | 'Customer' {
  return chip.creatorId === COMPANY_CREATOR_ID ? 'Company' : 'Customer';
}

/** Spec §2 demo-banner rule: creator username or title contains a demo keyword (case-insensitive). */
export function isDemoChip(chip: { creatorUsername: string; title: string }): boolean {
  const text = `${chip.creatorUsername} ${chip.title}`.toLowerCase();
  return DEMO_KEYWORDS.some((k) => text.includes(k));
}

/**
 * An http(s) URL or empty (PRODUCT.md: every user-given URL is http or https); `message` names the
 * field where a form has one URL among many (the admin media form's video link).
 */
export function httpUrlOrEmptySchema(message = 'Must be a valid URL') {
  return z
    .string()
    .trim()
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), message)
    .refine((v) => {
      if (v === '') return true;
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, message);
}

/** An http(s) URL or empty, 'Must be a valid URL' otherwise. */
export const HttpUrlOrEmptySchema = httpUrlOrEmptySchema();

/** Provenance event types (PRODUCT.md "Ownership is tracked"). */
/** Lost and stolen (issue 15): the owner's report, shown on every tap and on the chip page until cleared. */
export const CHIP_REPORT_STATUSES = ['none', 'lost', 'stolen'] as const;
export type ChipReportStatus = (typeof CHIP_REPORT_STATUSES)[number];

export const CHIP_EVENT_TYPES = [
  'minted',
  'listed',
  'unlisted',
  'priced',
  'sold',
  'transferred',
  'refunded',
  'shipped',
  'delivered',
  'verified_tap',
  'handed_over',
  'reported',
  'vault_requested',
  'vault_received',
  'vault_checked_in',
  'vault_refused',
  'vault_cancelled',
  /** Decision 076: a dispute of its purchase opened, closed, or was lost with the chip in our vault. */
  'frozen',
  'unfrozen',
  'reclaimed',
] as const;
export type ChipEventType = (typeof CHIP_EVENT_TYPES)[number];

/** Spec §9: users reach a chip by this 14-digit number (the /uid page). */
const INVALID_UNIT_ID_MESSAGE = `Invalid ${BRAND.name} ID. Please enter a valid 14-digit ID.`;
const INVALID_CHIP_ID_MESSAGE = `Invalid ${BRAND.name} ID`;
export const CHIP_NOT_FOUND_MESSAGE = `${BRAND.name} not found`;

/** Why a demo-catalogue chip cannot be bought once live payments are configured (PRODUCT.md). */
export const DEMO_CHIP_NOT_FOR_SALE_MESSAGE = `This is a demo ${BRAND.name} from the sample catalogue, not a real one: it cannot be bought.`;

/** Params of GET /api/artchip/:id and /:id/events. */
export const ChipIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: INVALID_CHIP_ID_MESSAGE })
    .int(INVALID_CHIP_ID_MESSAGE)
    .min(1, INVALID_CHIP_ID_MESSAGE)
    .max(2_147_483_647, INVALID_CHIP_ID_MESSAGE),
});

/** Params of GET /api/artchip/:username/:slug. */
export const ChipSlugParamsSchema = z.object({
  username: z.string().min(1).max(100),
  slug: z.string().min(1).max(200),
});

/** Params of GET /api/artchip/unit/:uid: exactly 14 digits. */
export const UnitIdParamsSchema = z.object({
  uid: z.string().trim().regex(UNIT_ID_PATTERN, INVALID_UNIT_ID_MESSAGE),
});

/** Params of GET /api/artchip/by-uid/:uid: the NFC tag UID in hex (colons allowed, case ignored). */
export const NfcUidParamsSchema = z.object({
  uid: z
    .string()
    .trim()
    .regex(/^(?:[0-9A-Fa-f]{2}:?){4,10}$/, 'Invalid NFC UID'),
});

/** GET /api/artchip/gallery/:username query: newest first, keyset pages. */
export const GalleryQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type GalleryQuery = z.infer<typeof GalleryQuerySchema>;

/** GET /api/artchip/gallery/:username: the creator's public chips (active and sold) with their count. */
export const GallerySchema = z.object({
  user: z.object({
    username: z.string(),
    profileImageUrl: z.string().nullable(),
    /** People following this creator (issue 31). */
    followerCount: z.number().int(),
  }),
  items: z.array(ChipSchema),
  /** All public chips of this creator, not just this page. */
  count: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type Gallery = z.infer<typeof GallerySchema>;
