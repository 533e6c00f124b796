import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ChipPageSchema } from '#shared/chips.schemas.ts';
import type { Db } from '#server/db/client.ts';
import {
  listMarketplaceChips,
  marketplaceQuery,
  type ChipWithUsers,
  type MarketplaceCursor,
  type MarketplaceFilters,
} from '#server/modules/chips/chips.repo.ts';
import { buildTestApp } from '#tests/helpers/app.ts';
import { insertUser } from '#tests/factories/users.ts';

const CHIPS = 400;

/**
 * CHIPS chips by three creators (one of them "zebra_maker"): every 10th pending, "Lagoon" in every
 * 3rd title, "quetzal" in the titles of chips 7 and 389 and the description of chip 211, prices and
 * creation times shuffled against ids (and some equal, so ties are broken by id).
 */
async function seedCatalogue(db: Db) {
  const creators = [
    await insertUser(db, { username: 'painter_one' }),
    await insertUser(db, { username: 'painter_two' }),
    await insertUser(db, { username: 'zebra_maker' }),
  ].map((c) => c.user.id);
  await db.execute(sql`
    insert into chips (creator_id, owner_id, title, slug, description, price_cents, highest_price_cents,
                       image_url, unit_id, shape, status, created_at)
    select c, c,
      'Work ' || g || case when g % 3 = 0 then ' Lagoon' else '' end
        || case when g in (7, 389) then ' Quetzal' else '' end,
      'work-' || g,
      case when g = 211 then 'A quetzal in flight' else 'Sealed in resin' end,
      500 + (g * 37) % 90 * 100, 500 + (g * 37) % 90 * 100,
      '/media/x.webp', (20000000000000 + g)::text,
      case when g % 2 = 0 then 'round' else 'square' end,
      case when g % 10 = 0 then 'pending' else 'active' end,
      timestamptz '2026-01-01' + ((g * 7919) % 397) * interval '1 minute'
    from (select g, (array[${creators[0]!}::integer, ${creators[1]!}::integer, ${creators[2]!}::integer])[1 + g % 3] as c
          from generate_series(1, ${CHIPS}::integer) g) s`);
}

function cursorAfter(sort: MarketplaceFilters['sort'], row: ChipWithUsers): MarketplaceCursor {
  return sort === 'newest'
    ? { sort, createdAt: row.createdAtKey, id: row.chip.id }
    : { sort, priceCents: row.chip.priceCents!, id: row.chip.id };
}

/** Every page of `filters`, `limit` at a time, with the walk and trigram limits lowered. */
async function allPages(db: Db, filters: MarketplaceFilters, tuning: { walkRows: number; hitsMax: number }) {
  const ids: number[] = [];
  let cursor: MarketplaceCursor | null = null;
  for (let page = 0; page < 100; page++) {
    const rows = await listMarketplaceChips(db, filters, cursor, 8, tuning);
    ids.push(...rows.map((r) => r.chip.id));
    if (rows.length < 8) return ids;
    cursor = cursorAfter(filters.sort, rows[rows.length - 1]!);
  }
  throw new Error('too many pages');
}

describe('marketplace search plans', () => {
  it('a walk, a bounded walk and the trigram indexes give the same pages for every filter', async () => {
    const app = await buildTestApp();
    await seedCatalogue(app.db);
    const cases: MarketplaceFilters[] = [
      { search: 'quetzal', sort: 'newest' },
      { search: 'QUETZAL', sort: 'price_asc' },
      { search: 'quetzal', sort: 'price_desc', shape: 'square' },
      { search: 'lagoon', sort: 'newest' },
      { search: 'lagoon', sort: 'price_asc', minPriceCents: 2000, maxPriceCents: 6000 },
      { search: 'lagoon', sort: 'price_desc', creator: 'Painter_Two' },
      { search: 'zebra', sort: 'newest' },
      { search: 'zebra', sort: 'price_asc', shape: 'round', maxPriceCents: 3000 },
      { search: 'resin', sort: 'newest', creator: 'zebra_maker' },
      { search: 'wo', sort: 'newest' },
      { search: 'nothing-like-this', sort: 'newest' },
    ];
    const tunings = [
      { walkRows: 1000, hitsMax: 5000 }, // the production limits: this catalogue fits in one walk
      { walkRows: 20, hitsMax: 1000 }, // rare words go to the trigram indexes
      { walkRows: 20, hitsMax: 5 }, // and common ones, past hitsMax, walk the whole order
    ];
    for (const filters of cases) {
      const reference = (await marketplaceQuery(app.db, filters, null, 10_000)).map((r) => r.chip.id);
      for (const tuning of tunings) {
        expect(await allPages(app.db, filters, tuning), JSON.stringify({ filters, tuning })).toEqual(
          reference,
        );
      }
    }
    // The reference itself: the listed chips with the word in their title, description or creator.
    const quetzal = (await marketplaceQuery(app.db, { search: 'quetzal', sort: 'newest' }, null, 100)).map(
      (r) => r.chip.slug,
    );
    expect(quetzal.sort()).toEqual(['work-211', 'work-389', 'work-7']);
    const zebra = await marketplaceQuery(app.db, { search: 'zebra', sort: 'newest' }, null, 1000);
    expect(zebra.length).toBe(120); // g % 3 = 2, less every 10th (pending)
    expect(new Set(zebra.map((r) => r.creatorUsername))).toEqual(new Set(['zebra_maker']));
  });

  it('GET /api/artchip?q= finds a rare word deep in a catalogue larger than one walk', async () => {
    const app = await buildTestApp();
    await seedCatalogue(app.db);
    // More listed chips than a search walks (1,000), none of them with the word.
    await app.db.execute(sql`
      insert into chips (creator_id, owner_id, title, slug, price_cents, highest_price_cents, image_url,
                         unit_id, shape, status, created_at)
      select c.creator_id, c.creator_id, 'Filler ' || g, 'filler-' || g, 900, 900, '/media/x.webp',
             (30000000000000 + g)::text, 'round', 'active', timestamptz '2026-06-01' + g * interval '1 second'
      from generate_series(1, 1200) g, (select creator_id from chips limit 1) c`);
    const res = await app.inject({ method: 'GET', url: '/api/artchip?q=quetzal' });
    expect(res.statusCode, res.body).toBe(200);
    const page = ChipPageSchema.parse(res.json());
    expect(page.items.map((c) => c.slug).sort()).toEqual(['work-211', 'work-389', 'work-7']);
    expect(page.nextCursor).toBeNull();
  });
});
