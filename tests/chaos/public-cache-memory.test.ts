// Chaos (not in `npm test`; run with `npm run test:chaos`; PGlite, no PostgreSQL needed). Issue 25,
// finding 3: 200,000 distinct ~16 KB URLs at a public cached route of a real server process leave its
// resident memory within 100 MB of where it started (about 3.5 minutes on a busy two-core machine; the
// API suite runs 20,000: tests/api/process/public-cache-memory.test.ts).
import { describe, expect, it } from 'vitest';
import { floodWithLongUrls } from '#tests/helpers/long-url-flood.ts';

describe('the public cache under distinct long URLs', () => {
  it('answers 200,000 distinct ~16 KB URLs and keeps the server within 100 MB of where it started', async () => {
    const result = await floodWithLongUrls(200_000);
    console.log(`public cache flood: ${JSON.stringify(result)}`);
    expect(result.statuses).toEqual({ 200: 200_000 });
    expect(result.rssAfterMb - result.rssBeforeMb).toBeLessThan(100);
  }, 1_200_000);
});
