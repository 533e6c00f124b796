import type { ServiceContext } from '#server/lib/service-context.ts';
import type { CoinPrice } from '#shared/price.schemas.ts';
import { getSiteSettings } from '#server/modules/settings/index.ts';
import { formatChange, formatTokenPriceUsd, percentChange } from './price.format.ts';
import { deleteTicksBefore, findLatestTick, findTickNearest, insertPriceTick } from './price.repo.ts';
import { fetchSourceQuote, sourceLabel, type SourceQuote } from './price.source.ts';

/** How long a read of the source is reused (the ticker polls every 30 s and is stale after 25 s). */
const PRICE_CACHE_MS = 25_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** change_24h compares with the tick nearest to 24 h ago, if one lies within this distance of it. */
const HISTORY_TOLERANCE_MS = 2 * 60 * 60 * 1000;
/** Ticks are kept this long. */
const HISTORY_KEEP_MS = 30 * DAY_MS;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

type PriceState = {
  cached: { price: CoinPrice; at: number } | null;
  refreshing: Promise<CoinPrice> | null;
  lastPruneAt: number | null;
};
/**
 * Keyed by the app's config object: route plugins see an encapsulated child of the app, but every
 * child shares the root's decorations, so this is one state per server.
 */
const states = new WeakMap<object, PriceState>();

function stateOf(ctx: ServiceContext): PriceState {
  let state = states.get(ctx.config);
  if (!state) {
    state = { cached: null, refreshing: null, lastPruneAt: null };
    states.set(ctx.config, state);
  }
  return state;
}

function coinPrice(priceUsd: string, change: number, at: Date, isFallback: boolean): CoinPrice {
  return {
    price_usd: priceUsd,
    formatted_price: formatTokenPriceUsd(priceUsd),
    change_24h: change,
    formatted_change: formatChange(change),
    last_updated: at.toISOString(),
    source: isFallback ? 'fallback' : 'live',
    is_fallback: isFallback,
  };
}

/** The settings' fallback (launch) price, marked as such, with no change. */
async function fallbackPrice(ctx: ServiceContext): Promise<CoinPrice> {
  const settings = await getSiteSettings(ctx);
  return coinPrice(settings.tokenFallbackPriceUsd, 0, ctx.clock(), true);
}

/** Change against the stored tick nearest to 24 h before `at`; 0 without such history. */
async function changeFromHistory(ctx: ServiceContext, priceUsd: string, at: Date): Promise<number> {
  const past = await findTickNearest(ctx.db, new Date(at.getTime() - DAY_MS), HISTORY_TOLERANCE_MS);
  return past ? percentChange(priceUsd, past.priceUsd) : 0;
}

/** The last stored live price when the source cannot be read, else the fallback price. */
async function lastKnownPrice(ctx: ServiceContext): Promise<CoinPrice> {
  const latest = await findLatestTick(ctx.db);
  if (!latest) return fallbackPrice(ctx);
  const change = await changeFromHistory(ctx, latest.priceUsd, latest.createdAt);
  return coinPrice(latest.priceUsd, change, latest.createdAt, false);
}

async function pruneHistory(ctx: ServiceContext, state: PriceState, now: Date): Promise<void> {
  if (state.lastPruneAt !== null && now.getTime() - state.lastPruneAt < PRUNE_EVERY_MS) return;
  state.lastPruneAt = now.getTime();
  await deleteTicksBefore(ctx.db, new Date(now.getTime() - HISTORY_KEEP_MS));
}

async function readSource(ctx: ServiceContext, url: string): Promise<CoinPrice> {
  const state = stateOf(ctx);
  const now = ctx.clock();
  let price: CoinPrice;
  let quote: SourceQuote | undefined;
  try {
    quote = await fetchSourceQuote(url);
  } catch (err) {
    ctx.log.warn({ err }, 'token price source failed; using the last stored price');
  }
  if (quote) {
    await insertPriceTick(ctx.db, { priceUsd: quote.priceUsd, source: sourceLabel(url), createdAt: now });
    const change = quote.change24h ?? (await changeFromHistory(ctx, quote.priceUsd, now));
    price = coinPrice(quote.priceUsd, change, now, false);
  } else {
    price = await lastKnownPrice(ctx);
  }
  await pruneHistory(ctx, state, now);
  // A failed read is cached too, so a broken source is not asked again on every request.
  state.cached = { price, at: now.getTime() };
  return price;
}

/**
 * Reads the source now (one read at a time per process), stores a tick and refreshes the cache.
 * Without a source it answers the fallback price.
 */
async function refreshTokenPrice(ctx: ServiceContext): Promise<CoinPrice> {
  const url = ctx.config.priceSourceUrl;
  if (!url) return fallbackPrice(ctx);
  const state = stateOf(ctx);
  state.refreshing ??= readSource(ctx, url).finally(() => {
    state.refreshing = null;
  });
  return state.refreshing;
}

/** Background task: refreshes the price when a source is configured; does nothing otherwise. */
export async function refreshLiveTokenPrice(ctx: ServiceContext): Promise<CoinPrice | null> {
  return ctx.config.priceSourceUrl ? refreshTokenPrice(ctx) : null;
}

/** The token price record the ticker shows (GET /api/price/artchip): live, last stored, or fallback. */
export async function getCoinPrice(ctx: ServiceContext): Promise<CoinPrice> {
  if (!ctx.config.priceSourceUrl) return fallbackPrice(ctx);
  const cached = stateOf(ctx).cached;
  const now = ctx.clock().getTime();
  if (cached && now >= cached.at && now - cached.at < PRICE_CACHE_MS) return cached.price;
  return refreshTokenPrice(ctx);
}

/** USD per token for quoting token amounts, and whether it is the fallback (launch) price. */
export async function getTokenPriceUsd(
  ctx: ServiceContext,
): Promise<{ priceUsd: string; isFallback: boolean }> {
  const price = await getCoinPrice(ctx);
  return { priceUsd: price.price_usd, isFallback: price.is_fallback };
}
