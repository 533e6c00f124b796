/**
 * How a payout's money moves (issue 11): by hand with the admin's reference, or through a payout
 * provider the deployment switched on (Stripe Connect transfers, PayPal Payouts), to the way the
 * payee chose in their dashboard. The payout is recorded and booked first (payouts.service); the
 * provider call follows outside that transaction, idempotent per payout id; a refusal marks the
 * payout failed and gives the money back to the balance, so it can be paid again.
 */
import type { PayoutAccount, PayoutAccountInput, PayoutMethod } from '#shared/payouts.schemas.ts';
import { ROUTES } from '#shared/brand.ts';
import type { Config } from '#server/config.ts';
import type { ServiceContext } from '#server/lib/service-context.ts';
import { AppError } from '#server/lib/app-error.ts';
import { bookPayoutReturned } from '#server/modules/ledger/index.ts';
import { findAccountById } from '#server/modules/users/index.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { destinationPayableFrom, maskDestination } from '#shared/payout-destination.ts';
import {
  findPayoutAccount,
  updatePayout,
  upsertPayoutAccount,
  type PayoutAccountRow,
} from './payout-accounts.repo.ts';
import type { PayoutProvider } from './payout-provider.ts';
import { findPayoutProvider, payoutProvidersFromConfig } from './payouts.registry.ts';
import type { PayoutRow } from './payouts.repo.ts';

const providersByConfig = new WeakMap<Config, PayoutProvider[]>();

/** The app's payout rails, built from its config on first use. */
function payoutProviders(ctx: Pick<ServiceContext, 'config'>): PayoutProvider[] {
  let providers = providersByConfig.get(ctx.config);
  if (!providers) {
    providers = payoutProvidersFromConfig(ctx.config);
    providersByConfig.set(ctx.config, providers);
  }
  return providers;
}

function availableMethods(ctx: ServiceContext): PayoutMethod[] {
  return payoutProviders(ctx).map((p) => p.rail);
}

async function toPayoutAccount(
  ctx: ServiceContext,
  userId: number,
  row: PayoutAccountRow | null,
): Promise<PayoutAccount> {
  const [{ payoutDestinationHoldHours }, user] = await Promise.all([
    getSiteSettings(ctx),
    findAccountById(ctx.db, userId),
  ]);
  const setAt = row?.destinationSetAt ?? null;
  const payableFrom = destinationPayableFrom(setAt, payoutDestinationHoldHours);
  return {
    method: row?.method ?? 'manual',
    paypalEmail: row?.paypalEmail ?? null,
    hasStripeAccount: !!row?.stripeAccountId,
    stripeReady: row?.stripeReady ?? false,
    availableMethods: availableMethods(ctx),
    destinationSetAt: setAt?.toISOString() ?? null,
    payableFrom: payableFrom?.toISOString() ?? null,
    payoutsFrozen: user?.payoutsFrozenAt != null,
  };
}

/** Where a payout account sends money, in words (null: nowhere yet); the same words mean the same place. */
function accountDestination(method: PayoutMethod, paypalEmail: string | null): string | null {
  const email = paypalEmail?.trim().toLowerCase() || null;
  if (method === 'stripe_connect') return 'your Stripe Connect account';
  if (method === 'paypal_payouts') return email && `PayPal Payouts to ${email}`;
  return email && `PayPal ${email}, paid by our team`;
}

/**
 * Decision 071: the destination PUT /api/my-payout-account would set, when it differs from where the
 * account pays now and is somewhere (removing one redirects nothing); null when nothing changes.
 * `shown` is what the owner's e-mail may say (the PayPal e-mail masked).
 */
export async function payoutAccountDestinationChange(
  ctx: ServiceContext,
  userId: number,
  input: PayoutAccountInput,
): Promise<{ shown: string } | null> {
  const row = await findPayoutAccount(ctx.db, userId);
  const nextEmail = input.paypalEmail !== undefined ? input.paypalEmail || null : (row?.paypalEmail ?? null);
  const next = accountDestination(input.method, nextEmail);
  const now = row ? accountDestination(row.method, row.paypalEmail) : null;
  if (next === null || next === now) return null;
  const masked = nextEmail ? next.replace(nextEmail.trim().toLowerCase(), maskDestination(nextEmail)) : next;
  return { shown: masked };
}

/**
 * PUT /api/my-payout-account: only a rail this deployment offers may be chosen. `destinationChanged`
 * (the flow checked the owner's password) starts the new destination's hold now.
 */
export async function setPayoutAccount(
  ctx: ServiceContext,
  userId: number,
  input: PayoutAccountInput,
  opts: { destinationChanged?: boolean } = {},
): Promise<PayoutAccount> {
  if (!availableMethods(ctx).includes(input.method)) {
    throw new AppError('UNPROCESSABLE', 'This way of being paid is not available here.');
  }
  const row = await upsertPayoutAccount(ctx.db, userId, {
    method: input.method,
    ...(input.paypalEmail !== undefined ? { paypalEmail: input.paypalEmail || null } : {}),
    ...(opts.destinationChanged ? { destinationSetAt: ctx.clock() } : {}),
  });
  return toPayoutAccount(ctx, userId, row);
}

/** Whether this deployment offers any payout rail the owner can choose (so the form may show a choice). */
export function checkPayoutMethodAvailable(ctx: ServiceContext, method: PayoutMethod): void {
  if (!availableMethods(ctx).includes(method)) {
    throw new AppError('UNPROCESSABLE', 'This way of being paid is not available here.');
  }
}

/** The Stripe Connect rail's onboarding calls, or a refusal where this deployment has none. */
function stripeOnboardingRail(ctx: ServiceContext) {
  const stripe = findPayoutProvider(payoutProviders(ctx), 'stripe_connect');
  if (!stripe?.createAccount || !stripe.createOnboardingLink) {
    throw new AppError('UNPROCESSABLE', 'Stripe payouts are not available here.');
  }
  return {
    createAccount: stripe.createAccount.bind(stripe),
    createOnboardingLink: stripe.createOnboardingLink.bind(stripe),
  };
}

/** Refuses unless this deployment onboards sellers with Stripe Connect. */
export function checkStripeOnboardingAvailable(ctx: ServiceContext): void {
  stripeOnboardingRail(ctx);
}

/**
 * POST /api/my-payout-account/stripe-onboarding: creates the user's Express account once (and makes
 * it where they are paid), and answers Stripe's onboarding link; Stripe sends them back to the
 * dashboard, where the account's state is read again. The flow checked the owner's proof first
 * (decision 077). `method` is where the account pays now: when it is Stripe, the link may change the
 * bank account payouts go to.
 */
export async function startStripeOnboarding(
  ctx: ServiceContext,
  userId: number,
): Promise<{ url: string; accountId: string; created: boolean; method: PayoutMethod }> {
  const rail = stripeOnboardingRail(ctx);
  const user = await findAccountById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const existing = await findPayoutAccount(ctx.db, userId);
  const created = !existing?.stripeAccountId;
  const row = existing?.stripeAccountId
    ? existing
    : // A new destination (decision 071): its hold starts now.
      await upsertPayoutAccount(ctx.db, userId, {
        stripeAccountId: (await rail.createAccount({ id: userId, email: user.email })).accountId,
        method: 'stripe_connect',
        destinationSetAt: ctx.clock(),
      });
  const accountId = row.stripeAccountId!;
  const back = `${ctx.config.publicUrl}${ROUTES.dashboard}?tab=stats&stripe=return`;
  const { url } = await rail.createOnboardingLink(accountId, { returnUrl: back, refreshUrl: back });
  return { url, accountId, created, method: row.method };
}

/** Decision 077: the Stripe account payouts go to may have a new bank account; its hold starts again. */
export async function restartStripeDestinationHold(ctx: ServiceContext, userId: number): Promise<void> {
  await upsertPayoutAccount(ctx.db, userId, { destinationSetAt: ctx.clock() });
}

/**
 * GET /api/my-payout-account: the user's payout account; while their Stripe onboarding is unfinished, Stripe is asked again (they
 * may just be back from it). A ready account is not asked on every visit: a transfer Stripe refuses
 * later is recorded as a failed payout.
 */
export async function refreshStripeReadiness(ctx: ServiceContext, userId: number): Promise<PayoutAccount> {
  const stripe = findPayoutProvider(payoutProviders(ctx), 'stripe_connect');
  const row = await findPayoutAccount(ctx.db, userId);
  if (stripe?.isAccountReady && row?.stripeAccountId && !row.stripeReady) {
    if (await stripe.isAccountReady(row.stripeAccountId)) {
      await upsertPayoutAccount(ctx.db, userId, { stripeReady: true });
    }
  }
  return toPayoutAccount(ctx, userId, await findPayoutAccount(ctx.db, userId));
}

/**
 * Where a payout to this user goes: their chosen rail when it is on and set up, else by hand.
 * `address` is where the money goes as the payee gave it: the rail's destination, or for a payout by
 * hand the PayPal e-mail of their payout account (null when they gave none).
 */
export async function chooseRail(
  ctx: ServiceContext,
  userId: number,
): Promise<{
  method: PayoutMethod;
  destination: string | null;
  address: string | null;
  /** When the payout account's destination was set (decision 071); null: before that rule or none. */
  addressSetAt: Date | null;
}> {
  const row = await findPayoutAccount(ctx.db, userId);
  const on = (method: PayoutMethod) => findPayoutProvider(payoutProviders(ctx), method) !== null;
  const addressSetAt = row?.destinationSetAt ?? null;
  if (row?.method === 'stripe_connect' && on('stripe_connect') && row.stripeAccountId && row.stripeReady) {
    return {
      method: 'stripe_connect',
      destination: row.stripeAccountId,
      address: row.stripeAccountId,
      addressSetAt,
    };
  }
  if (row?.method === 'paypal_payouts' && on('paypal_payouts') && row.paypalEmail) {
    return { method: 'paypal_payouts', destination: row.paypalEmail, address: row.paypalEmail, addressSetAt };
  }
  return { method: 'manual', destination: null, address: row?.paypalEmail ?? null, addressSetAt };
}

/**
 * Sends a recorded payout through its provider rail. Paid or pending: the provider's reference is
 * stored. Refused: the payout is marked failed, its money booked back to the balance, and the
 * provider's message is answered (PAYMENT_FAILED).
 */
export async function sendPayout(
  ctx: ServiceContext,
  payout: PayoutRow,
  destination: string,
): Promise<PayoutRow> {
  const provider = findPayoutProvider(payoutProviders(ctx), payout.method)!;
  try {
    const result = await provider.send({
      payoutId: payout.id,
      amountCents: payout.amountCents,
      currency: 'USD',
      destination,
      note: `Artchip payout #${payout.id}`,
    });
    return updatePayout(ctx.db, payout.id, { status: result.status, txReference: result.reference });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db.transaction(async (tx) => {
      await updatePayout(tx, payout.id, { status: 'failed', failureMessage: message.slice(0, 500) });
      await bookPayoutReturned(tx, {
        payoutId: payout.id,
        userId: payout.userId,
        account: payout.kind,
        amountCents: payout.amountCents,
        why: `Payout #${payout.id} failed: ${message.slice(0, 200)}`,
      });
    });
    throw new AppError('PAYMENT_FAILED', `The payout could not be sent: ${message}`);
  }
}
