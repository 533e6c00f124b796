// Issue 25, finding 3: distinct long URLs at a public cached route of a real server process (PGlite)
// leave its memory where it was: they are answered, never kept. The full 200,000 run in the chaos suite
// (tests/chaos/public-cache-memory.test.ts); here 20,000, enough to outgrow the old cache's keys.
import { describe, expect, it } from 'vitest';
import { floodWithLongUrls } from '#tests/helpers/long-url-flood.ts';

describe('the public cache under distinct long URLs', () => {
  it('answers 20,000 distinct ~16 KB URLs and keeps the server within 100 MB of where it started', async () => {
    const result = await floodWithLongUrls(20_000);
    console.log(`public cache flood: ${JSON.stringify(result)}`);
    expect(result.statuses).toEqual({ 200: 20_000 });
    expect(result.rssAfterMb - result.rssBeforeMb).toBeLessThan(100);
  }, 300_000);
});
