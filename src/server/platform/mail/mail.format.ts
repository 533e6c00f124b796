import type { ImageVariant } from '#shared/chips.schemas.ts';

/**
 * Small pieces every e-mail states the same way: whom it greets, absolute links, the artwork. Postal
 * addresses are written by the site's one rule, addressLabelLines (#shared/address-format.ts).
 */

/** Who a message greets: the account's first name, else its username, else nobody in particular. */
export type MailRecipient = { firstName?: string | null; username?: string | null };

/** "Ada" for a first name, else the username, else "there" ("Hi there,"). */
export function greetingName(recipient: MailRecipient | null | undefined): string {
  return recipient?.firstName?.trim() || recipient?.username?.trim() || 'there';
}

/**
 * An absolute URL for a link or image in an e-mail: media are stored as '/media/…' paths (or as
 * absolute bucket URLs), and a mail client has no page to resolve a path against.
 */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${publicUrl.replace(/\/+$/, '')}/`).href;
}

/** A chip's picture as stored: the main image and its responsive WebP variants. */
export type ChipImage = {
  imageUrl: string | null;
  imageVariants?: readonly ImageVariant[] | null;
  /** The chip as it will be made (its placed disc), as a PNG every mail client shows. */
  discShareUrl?: string | null;
};

/** Twice the width an e-mail shows the artwork at, for sharp screens. */
const MAIL_IMAGE_WIDTH = 560;

/**
 * The picture an e-mail shows of a chip: its placed disc (600 px PNG) once made; else the smallest variant still sharp at the mail's size (the
 * main image is up to 1600 px wide, too heavy for a mailbox), else the main image.
 */
export function mailImageUrl(image: ChipImage | null | undefined): string | null {
  if (!image) return null;
  if (image.discShareUrl) return image.discShareUrl;
  const variants = [...(image.imageVariants ?? [])].sort((a, b) => a.width - b.width);
  return variants.find((v) => v.width >= MAIL_IMAGE_WIDTH)?.url ?? variants.at(-1)?.url ?? image.imageUrl;
}
