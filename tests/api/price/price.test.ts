import { afterEach, describe, expect, it } from 'vitest';
import { BRAND } from '#shared/brand.ts';
import { CoinPriceSchema } from '#shared/price.schemas.ts';
import { BACKGROUND_TASKS } from '#server/background.ts';
import { getTokenPriceUsd, refreshLiveTokenPrice } from '#server/modules/price/price.service.ts';
import { updateSiteSettings } from '#server/modules/settings/settings.service.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertAdmin } from '#tests/factories/users.ts';
import { insertPriceTick, listPriceTicks } from '#tests/factories/price.ts';
import { startFakePriceServer, type FakeReply } from './fake-price-server.ts';

const URL_PATH = `/api/price/${BRAND.slug}`;
const HOUR = 60 * 60 * 1000;
const servers: { close: () => Promise<void> }[] = [];

afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A clock the test moves by hand. */
function manualClock(start = new Date('2030-01-15T12:00:00.000Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
    at: (offsetMs: number) => new Date(now + offsetMs),
  };
}

async function liveApp(reply: FakeReply, clock = manualClock()) {
  const source = await startFakePriceServer(reply);
  servers.push(source);
  const app = await buildTestApp({ env: { PRICE_SOURCE_URL: source.url }, clock: clock.clock });
  return { app, source, clock };
}

async function getPrice(app: Awaited<ReturnType<typeof buildTestApp>>) {
  const res = await app.inject({ method: 'GET', url: URL_PATH });
  expect(res.statusCode).toBe(200);
  return { res, price: CoinPriceSchema.parse(res.json()) };
}

describe('GET /api/price/artchip without a price source', () => {
  it('answers the settings fallback price, marked as such, cacheable for 25 s', async () => {
    const app = await buildTestApp();
    const { res, price } = await getPrice(app);
    expect(res.headers['cache-control']).toBe('public, max-age=25, s-maxage=25, stale-while-revalidate=150');
    expect(price).toMatchObject({
      price_usd: '0.001',
      formatted_price: '$0.001000',
      change_24h: 0,
      formatted_change: '+0.00%',
      source: 'fallback',
      is_fallback: true,
    });
    expect(Number.isNaN(Date.parse(price.last_updated))).toBe(false);
    expect(await listPriceTicks(app.db)).toHaveLength(0);
  });

  it('follows an admin change of the fallback price', async () => {
    const app = await buildTestApp();
    const { user } = await insertAdmin(app.db);
    await updateSiteSettings(app, user.id, { tokenFallbackPriceUsd: '0.00025' });
    const { price } = await getPrice(app);
    expect(price.price_usd).toBe('0.00025');
    expect(price.formatted_price).toBe('$0.0002500');
    expect(await getTokenPriceUsd(app)).toEqual({ priceUsd: '0.00025', isFallback: true });
  });
});

describe('GET /api/price/artchip with a price source', () => {
  it('reads the live price, stores a tick and reports it as live', async () => {
    const { app, source, clock } = await liveApp({ body: { price_usd: 0.0015 } });
    const { price } = await getPrice(app);
    expect(price).toMatchObject({
      price_usd: '0.0015',
      formatted_price: '$0.001500',
      change_24h: 0,
      source: 'live',
      is_fallback: false,
      last_updated: clock.clock().toISOString(),
    });
    expect(source.hits).toBe(1);
    const ticks = await listPriceTicks(app.db);
    expect(ticks.map((t) => [t.priceUsd, t.source])).toEqual([['0.0015', new URL(source.url).host]]);
    expect(await getTokenPriceUsd(app)).toEqual({ priceUsd: '0.0015', isFallback: false });
  });

  it('accepts the price, usd and CoinGecko shapes and the source’s own 24 h change', async () => {
    const { app, source, clock } = await liveApp({ body: { price: '0.002' } });
    expect((await getPrice(app)).price.price_usd).toBe('0.002');
    source.reply = { body: { usd: 0.003, change_24h: -1.2 } };
    clock.advance(26_000);
    expect((await getPrice(app)).price).toMatchObject({
      price_usd: '0.003',
      change_24h: -1.2,
      formatted_change: '-1.20%',
    });
    source.reply = { body: { artchip: { usd: 0.004, usd_24h_change: 2.3456 } } };
    clock.advance(26_000);
    expect((await getPrice(app)).price).toMatchObject({
      price_usd: '0.004',
      change_24h: 2.35,
      formatted_change: '+2.35%',
    });
  });

  it('reuses a read for 25 s and reads again after', async () => {
    const { app, source, clock } = await liveApp({ body: { price_usd: 0.001 } });
    await getPrice(app);
    source.reply = { body: { price_usd: 0.002 } };
    clock.advance(24_000);
    expect((await getPrice(app)).price.price_usd).toBe('0.001');
    expect(source.hits).toBe(1);
    clock.advance(2_000);
    expect((await getPrice(app)).price.price_usd).toBe('0.002');
    expect(source.hits).toBe(2);
    expect(await listPriceTicks(app.db)).toHaveLength(2);
  });

  it('reads the source once for concurrent requests', async () => {
    const { app, source } = await liveApp({ body: { price_usd: 0.001 } });
    await Promise.all([getPrice(app), getPrice(app), getPrice(app)]);
    expect(source.hits).toBe(1);
  });

  it('computes change_24h from the tick nearest to 24 h ago when the source gives none', async () => {
    const clock = manualClock();
    const { app } = await liveApp({ body: { price_usd: 0.0012 } }, clock);
    await insertPriceTick(app.db, { priceUsd: '0.0005', createdAt: clock.at(-25.5 * HOUR) });
    await insertPriceTick(app.db, { priceUsd: '0.001', createdAt: clock.at(-24 * HOUR - 10 * 60_000) });
    await insertPriceTick(app.db, { priceUsd: '0.0011', createdAt: clock.at(-22.5 * HOUR) });
    const { price } = await getPrice(app);
    expect(price.change_24h).toBe(20);
    expect(price.formatted_change).toBe('+20.00%');
  });

  it('reports a fall as a negative change', async () => {
    const clock = manualClock();
    const { app } = await liveApp({ body: { price_usd: '0.000976' } }, clock);
    await insertPriceTick(app.db, { priceUsd: '0.001', createdAt: clock.at(-23.9 * HOUR) });
    const { price } = await getPrice(app);
    expect(price.change_24h).toBe(-2.4);
    expect(price.formatted_change).toBe('-2.40%');
  });

  it('reports no change when no tick lies near 24 h ago', async () => {
    const clock = manualClock();
    const { app } = await liveApp({ body: { price_usd: 0.002 } }, clock);
    await insertPriceTick(app.db, { priceUsd: '0.001', createdAt: clock.at(-5 * HOUR) });
    await insertPriceTick(app.db, { priceUsd: '0.001', createdAt: clock.at(-48 * HOUR) });
    expect((await getPrice(app)).price.change_24h).toBe(0);
  });

  it('falls back to the latest stored tick when the source fails', async () => {
    const clock = manualClock();
    const { app } = await liveApp({ status: 500, body: { error: 'down' } }, clock);
    await insertPriceTick(app.db, { priceUsd: '0.0008', createdAt: clock.at(-3 * HOUR) });
    await insertPriceTick(app.db, { priceUsd: '0.0009', createdAt: clock.at(-HOUR) });
    await insertPriceTick(app.db, { priceUsd: '0.00075', createdAt: clock.at(-25 * HOUR) });
    const { price } = await getPrice(app);
    expect(price).toMatchObject({
      price_usd: '0.0009',
      source: 'live',
      is_fallback: false,
      last_updated: clock.at(-HOUR).toISOString(),
      change_24h: 20,
    });
    expect(await listPriceTicks(app.db)).toHaveLength(3);
  });

  it('falls back to the settings price when the source fails and nothing is stored', async () => {
    for (const reply of [
      { status: 503, body: 'unavailable' },
      { body: 'not json' },
      { body: { price: 0 } },
    ]) {
      const { app } = await liveApp(reply);
      const { price } = await getPrice(app);
      expect(price).toMatchObject({
        price_usd: '0.001',
        source: 'fallback',
        is_fallback: true,
        change_24h: 0,
      });
      expect(await getTokenPriceUsd(app)).toEqual({ priceUsd: '0.001', isFallback: true });
    }
  });

  it('does not ask a failing source again within 25 s', async () => {
    const { app, source, clock } = await liveApp({ status: 500, body: {} });
    await getPrice(app);
    await getPrice(app);
    expect(source.hits).toBe(1);
    source.reply = { body: { price_usd: 0.003 } };
    clock.advance(25_000);
    expect((await getPrice(app)).price).toMatchObject({ price_usd: '0.003', is_fallback: false });
  });

  it('prunes ticks older than 30 days and keeps the rest', async () => {
    const clock = manualClock();
    const { app } = await liveApp({ body: { price_usd: 0.001 } }, clock);
    await insertPriceTick(app.db, { priceUsd: '0.0001', createdAt: clock.at(-31 * 24 * HOUR) });
    await insertPriceTick(app.db, { priceUsd: '0.0002', createdAt: clock.at(-29 * 24 * HOUR) });
    await getPrice(app);
    expect((await listPriceTicks(app.db)).map((t) => t.priceUsd)).toEqual(['0.0002', '0.001']);
  });
});

describe('price refresh background task', () => {
  it('is registered every 30 s', () => {
    expect(BACKGROUND_TASKS.find((t) => t.name === 'price')).toMatchObject({ everyMs: 30_000 });
  });

  it('does nothing without a source', async () => {
    const app = await buildTestApp();
    expect(await refreshLiveTokenPrice(app)).toBeNull();
    expect(await listPriceTicks(app.db)).toHaveLength(0);
  });

  it('reads the source, stores a tick and refreshes what the route answers', async () => {
    const { app, source } = await liveApp({ body: { price_usd: 0.001 } });
    await getPrice(app);
    source.reply = { body: { price_usd: 0.0042 } };
    const task = BACKGROUND_TASKS.find((t) => t.name === 'price')!;
    await task.run(app);
    expect(source.hits).toBe(2);
    expect((await getPrice(app)).price.price_usd).toBe('0.0042');
    expect(source.hits).toBe(2);
    expect(await listPriceTicks(app.db)).toHaveLength(2);
  });
});
