/**
 * Checkout: prices an order on the server, holds the chip for 15 minutes under its row lock, creates
 * the order, and only after commit asks the payment provider to start the payment.
 */
import type { ServiceContext } from '#server/lib/service-context.ts';
import { CHIP_NOT_FOUND_MESSAGE } from '#shared/chips.schemas.ts';
import {
  CHECKOUT_HOLD_MINUTES,
  EMAIL_REGISTERED_MESSAGE,
  GUEST_ACCOUNT_EXISTS_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  MINT_LOGIN_REQUIRED_MESSAGE,
  type CheckoutResponse,
  type OrderSummaryDto,
  type QuoteRequest,
  type QuoteResponse,
} from '#shared/checkout.schemas.ts';
import { type CheckoutRequest } from '#shared/checkout-request.schemas.ts';
import { DISPUTE_FLAGGED_CHECKOUT_MESSAGE } from '#shared/disputes.schemas.ts';
import { computeOrderSummary, isPaymentMethodAllowed, type OrderSummary } from '#shared/pricing.ts';
import { normalizeAddress } from '#shared/addresses.schemas.ts';
import { toPricingSettings, type PaymentMethod, type PricingSettings } from '#shared/settings.schemas.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import { createSecretToken, hashToken } from '#server/lib/tokens.ts';
import type { AuthUser } from '#server/lib/auth-user.ts';
import {
  createShippingAddress,
  findAccountByEmail,
  findAccountById,
  findOrCreateGuestUser,
  listShippingAddresses,
} from '#server/modules/users/index.ts';
import { mailAccountClaimLink } from '#server/modules/auth/index.ts';
import { getTokenPriceUsd } from '#server/modules/price/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import type { ShippingAddressSnapshot } from '#server/modules/orders/index.ts';
import { findChipRow, refuseDemoSale, saleContext } from '#server/modules/chips/index.ts';
import { findAgreedOfferAmount } from '#server/modules/offers/index.ts';
import {
  getPaymentRegistry,
  paymentOptionsFor,
  type PaymentProvider,
} from '#server/modules/payments/index.ts';
import {
  assertHoldAllowance,
  placeMintOrder,
  placePurchaseOrder,
  requireUploadedImage,
  savedAddressSnapshot,
  type OrderRequest,
} from './place-order.ts';
import { startOrderPayment } from './start-payment.ts';

const METHOD_NOT_AVAILABLE = 'This payment method is not available for this order.';

/** Prices and token price used for one checkout, read before any transaction opens. */
export type PricingContext = { settings: PricingSettings; tokenPriceUsd: string; isFallbackPrice: boolean };

export async function loadPricingContext(ctx: ServiceContext): Promise<PricingContext> {
  const [settings, price] = await Promise.all([getSiteSettings(ctx), getTokenPriceUsd(ctx)]);
  return {
    settings: toPricingSettings(settings),
    tokenPriceUsd: price.priceUsd,
    isFallbackPrice: price.isFallback,
  };
}

/** The wire summary of a computed (or stored) order summary. */
export function toSummaryDto(
  summary: OrderSummary,
  pricing: Omit<PricingContext, 'settings'>,
  expiresAt: Date,
): OrderSummaryDto {
  return {
    basePriceCents: summary.basePriceCents,
    discountCents: summary.discountCents,
    markupCents: summary.markupCents,
    shippingCents: summary.shippingCents,
    insuranceCents: summary.insuranceCents,
    totalCents: summary.totalCents,
    artchipAmount: summary.artchipAmount,
    tokenPriceUsd: pricing.tokenPriceUsd,
    isFallbackPrice: pricing.isFallbackPrice,
    quoteExpiresAt: expiresAt.toISOString(),
  };
}

/** The provider that takes `method` for `orderType`, or a clear 422. */
export function requirePaymentProvider(
  ctx: ServiceContext,
  settings: PricingSettings,
  orderType: 'mint' | 'purchase',
  method: PaymentMethod,
): PaymentProvider {
  const provider = isPaymentMethodAllowed(settings, orderType, method)
    ? getPaymentRegistry(ctx).providerFor(method)
    : null;
  if (!provider) {
    throw new AppError('UNPROCESSABLE', METHOD_NOT_AVAILABLE, {
      fieldErrors: { paymentMethod: [METHOD_NOT_AVAILABLE] },
    });
  }
  return provider;
}

/**
 * Resolves where the order ships: a saved address of the buyer, or a new one, saved on request into
 * the buyer's address book (a guest's is the account their checkout just made: resolveBuyer).
 */
async function resolveShippingAddress(
  tx: Db,
  buyer: Buyer,
  input: CheckoutRequest,
): Promise<ShippingAddressSnapshot | null> {
  if (input.shippingOption !== 'ship') return null;
  if (input.shippingAddressId === 'new') {
    // The request schema checked it against its country's rules; store it as the address book does.
    const address = normalizeAddress({
      name: input.newAddressName ?? '',
      addressLine1: input.newAddressLine1 ?? '',
      city: input.newAddressCity ?? '',
      state: input.newAddressState ?? '',
      zipCode: input.newAddressZip ?? '',
      country: input.newAddressCountry,
    });
    const snapshot: ShippingAddressSnapshot = {
      ...address,
      addressLine2: input.newAddressLine2 || null,
    };
    if (input.saveAddress) {
      await createShippingAddress(tx, buyer.id, {
        ...snapshot,
        addressLine2: snapshot.addressLine2 ?? undefined,
      });
    }
    return snapshot;
  }
  // A guest's account is new: it has no saved addresses to choose from.
  const saved = buyer.isNew ? [] : await listShippingAddresses(tx, buyer.id);
  return savedAddressSnapshot(saved, input.shippingAddressId);
}

/** Who a checkout's order is for; isNew when a guest checkout made the account just now. */
type Buyer = { id: number; email: string; isNew: boolean };

/** The refusal of a guest checkout naming an existing account: CONFLICT on the e-mail field. */
function existingAccountError(hasPassword: boolean): AppError {
  const message = hasPassword ? EMAIL_REGISTERED_MESSAGE : GUEST_ACCOUNT_EXISTS_MESSAGE;
  return new AppError('CONFLICT', message, { fieldErrors: { email: [message] } });
}

/**
 * The buyer: the signed-in user, or for a guest a new password-less account for that e-mail, made
 * now. A guest checkout never buys into an existing account (issue 25): one with a password must
 * sign in first, and the owner of a password-less one must prove the address first (checkout mails
 * them the link, then refuses).
 */
async function resolveBuyer(db: Db, user: AuthUser | null, email: string | undefined): Promise<Buyer> {
  if (user) return { id: user.id, email: user.email, isNew: false };
  if (!email) {
    throw new AppError('VALIDATION_FAILED', INVALID_EMAIL_MESSAGE, {
      fieldErrors: { email: [INVALID_EMAIL_MESSAGE] },
    });
  }
  const existing = await findAccountByEmail(db, email);
  // Checkout never signs anyone in.
  if (existing) throw existingAccountError(existing.passwordHash !== null);
  const { user: guest, isNew } = await findOrCreateGuestUser(db, email);
  // A concurrent checkout with the same e-mail made the account first.
  if (!isNew) throw existingAccountError(false);
  return { id: guest.id, email: guest.email, isNew };
}

/**
 * Before a guest checkout's transaction: an e-mail of a password-less account gets its claim link
 * (in a transaction of its own, which the refusal does not roll back), and the checkout is refused.
 */
async function refuseExistingGuestAccount(ctx: ServiceContext, email: string): Promise<void> {
  const existing = await findAccountByEmail(ctx.db, email);
  if (!existing || existing.passwordHash) return;
  await mailAccountClaimLink(ctx.db, existing.id, { now: ctx.clock(), publicUrl: ctx.config.publicUrl });
  throw existingAccountError(false);
}

/**
 * POST /api/checkout. Mints need a signed-in user; a purchase may be a guest checkout. Amounts are
 * recomputed from the site settings and token price (the client's orderSummary is ignored).
 */
export async function checkout(
  ctx: ServiceContext,
  user: AuthUser | null,
  input: CheckoutRequest,
  clientKey: string | null = null,
): Promise<CheckoutResponse> {
  if (input.orderType === 'mint' && !user) throw new AppError('UNAUTHENTICATED', MINT_LOGIN_REQUIRED_MESSAGE);
  const now = ctx.clock();
  const pricing = await loadPricingContext(ctx);
  const provider = requirePaymentProvider(ctx, pricing.settings, input.orderType, input.paymentMethod);
  const mint = input.orderType === 'mint' ? input.mintData! : null;
  const imageUrl = mint && !mint.isSurprize ? await requireUploadedImage(ctx.db, mint.imageUrl) : null;
  const expiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60 * 1000);

  // A guest checkout hands this browser a one-time token: only its holder follows the order on
  // /checkout-success, and claims the account there when the checkout made it (else the address's mail).
  const guestToken = user ? null : createSecretToken();
  if (!user && input.email) await refuseExistingGuestAccount(ctx, input.email);
  const { order, buyer, summary, title, sellerPaypalEmail } = await ctx.db.transaction(async (tx) => {
    const buyer = await resolveBuyer(tx, user, input.email || undefined);
    // Decision 076: an account that lost the platform a dispute checks out no more.
    if ((await findAccountById(tx, buyer.id))?.disputeFlaggedAt) {
      throw new AppError('FORBIDDEN', DISPUTE_FLAGGED_CHECKOUT_MESSAGE);
    }
    // A plain purchase holds its chip only within the buyer's and the client's allowance.
    if (!mint && input.offerId === undefined) {
      await assertHoldAllowance(tx, { buyerId: buyer.id, clientKey, chipId: input.artchipId!, now });
    }
    const request: OrderRequest = {
      buyerId: buyer.id,
      paymentMethod: input.paymentMethod,
      paymentProvider: provider.name,
      shippingOption: input.shippingOption,
      shippingAddress: await resolveShippingAddress(tx, buyer, input),
      tokenPriceUsd: pricing.tokenPriceUsd,
      quoteExpiresAt: expiresAt,
      isNewAccount: buyer.isNew,
      guestTokenHash: guestToken ? hashToken(guestToken) : null,
      clientKey,
    };
    const placed = mint
      ? await placeMintOrder(tx, request, {
          settings: pricing.settings,
          mint: {
            isSurprize: mint.isSurprize,
            title: mint.title,
            description: mint.description || null,
            associatedUrl: mint.associatedUrl || null,
            imageUrl,
            design: { shape: mint.shape, crop: mint.crop ?? null },
          },
        })
      : await placePurchaseOrder(tx, request, {
          settings: pricing.settings,
          chipId: input.artchipId!,
          offerId: input.offerId,
          now,
          sale: saleContext(ctx),
        });
    return { ...placed, buyer };
  });

  const payment = await startOrderPayment(ctx, order, provider, {
    buyerEmail: buyer.email,
    title,
    sellerPaypalEmail,
  });
  return {
    orderId: order.id,
    ...payment,
    newAccount: buyer.isNew,
    ...(guestToken ? { guestToken } : {}),
    email: buyer.email,
    paymentMode: provider.mode,
    summary: toSummaryDto(summary, pricing, expiresAt),
  };
}

/** POST /api/purchase (legacy buy dialog): a card purchase of the chip, kept in the vault. */
export function legacyPurchase(
  ctx: ServiceContext,
  user: AuthUser,
  productId: number,
  clientKey: string | null = null,
): Promise<CheckoutResponse> {
  return checkout(
    ctx,
    user,
    {
      orderType: 'purchase',
      artchipId: productId,
      paymentMethod: 'card',
      shippingOption: 'store',
      newAddressCountry: 'US',
      saveAddress: false,
    },
    clientKey,
  );
}

/**
 * POST /api/checkout/quote: the summary checkout would charge now, for the dialog to show. Reads
 * only; holds nothing. An offerId prices at the signed-in buyer's accepted offer.
 */
export async function quoteCheckout(
  ctx: ServiceContext,
  user: AuthUser | null,
  input: QuoteRequest,
): Promise<QuoteResponse> {
  const now = ctx.clock();
  const pricing = await loadPricingContext(ctx);
  let country = input.country;
  if (input.shippingOption === 'ship' && typeof input.shippingAddressId === 'number' && user) {
    const saved = (await listShippingAddresses(ctx.db, user.id)).find(
      (a) => a.id === input.shippingAddressId,
    );
    if (saved) country = saved.country;
  }
  const base = {
    settings: pricing.settings,
    paymentMethod: input.paymentMethod,
    shippingOption: input.shippingOption,
    country,
    tokenPriceUsd: pricing.tokenPriceUsd,
  };
  let summary: OrderSummary;
  if (input.orderType === 'mint') {
    summary = computeOrderSummary({
      ...base,
      orderType: 'mint',
      mintKind: input.isSurprize ? 'surprize' : 'custom',
    });
  } else {
    const { chipPriceCents, paypalEnabled } = await quotedChipPrice(ctx, user, input, now);
    summary = computeOrderSummary({
      ...base,
      orderType: 'purchase',
      chip: { priceCents: chipPriceCents, paypalEnabled },
    });
  }
  const allowed = pricing.settings.paymentMethods[input.orderType];
  const paymentOptions = paymentOptionsFor(ctx, allowed);
  return {
    summary: toSummaryDto(summary, pricing, new Date(now.getTime() + CHECKOUT_HOLD_MINUTES * 60 * 1000)),
    paymentOptions,
    isPaymentMethodAllowed: paymentOptions.some((o) => o.method === input.paymentMethod),
  };
}

async function quotedChipPrice(ctx: ServiceContext, user: AuthUser | null, input: QuoteRequest, now: Date) {
  const chip = await findChipRow(ctx.db, input.artchipId!);
  if (!chip || chip.priceCents === null) throw new AppError('NOT_FOUND', CHIP_NOT_FOUND_MESSAGE);
  const demo = refuseDemoSale(chip, saleContext(ctx));
  if (demo) throw new AppError(demo.code, demo.message);
  if (input.offerId !== undefined && user) {
    const amountCents = await findAgreedOfferAmount(ctx.db, {
      offerId: input.offerId,
      buyerId: user.id,
      chipId: chip.id,
      now,
    });
    return { chipPriceCents: amountCents, paypalEnabled: chip.paypalEnabled };
  }
  return { chipPriceCents: chip.priceCents, paypalEnabled: chip.paypalEnabled };
}
