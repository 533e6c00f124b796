import type { ServiceContext } from '#server/lib/service-context.ts';
import { noCreatorMessage, type CreatorProfile } from '#shared/creators.schemas.ts';
import { AppError } from '#server/lib/app-error.ts';
import { countCreatorPublicChips } from '#server/modules/chips/index.ts';
import { readSellerSales } from '#server/modules/orders/index.ts';
import { findAccountByUsername, type UserRow } from '#server/modules/users/index.ts';

/** A member's public profile: what they wrote about themselves, and figures read from the database. */
export async function toCreatorProfile(ctx: ServiceContext, user: UserRow): Promise<CreatorProfile> {
  const [chipsMinted, sales] = await Promise.all([
    countCreatorPublicChips(ctx.db, user.id),
    readSellerSales(ctx.db, user.id),
  ]);
  return {
    username: user.username,
    profileImageUrl: user.profileImageUrl,
    bio: user.bio,
    links: user.links,
    joinedAt: user.createdAt.toISOString(),
    followerCount: user.followerCount,
    figures: { chipsMinted, chipsSold: sales.count, salesVolumeCents: sales.volumeCents },
  };
}

/**
 * GET /api/creators/:username; NOT_FOUND "No creator @name" for a username nobody has, and for a
 * name made from an e-mail and not picked yet (decision 060) unless the account made public chips,
 * whose pages carry its name already.
 */
export async function getCreatorProfile(ctx: ServiceContext, username: string): Promise<CreatorProfile> {
  const user = await findAccountByUsername(ctx.db, username);
  if (!user) throw new AppError('NOT_FOUND', noCreatorMessage(username));
  const profile = await toCreatorProfile(ctx, user);
  if (user.usernameIsPrivate && profile.figures.chipsMinted === 0) {
    throw new AppError('NOT_FOUND', noCreatorMessage(username));
  }
  return profile;
}
