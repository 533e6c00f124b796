import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure/index.js';
import { loadStripeJs } from './stripe-js.ts';

vi.mock('@stripe/stripe-js/pure/index.js', () => ({ loadStripe: vi.fn() }));

const loadStripeMock = vi.mocked(loadStripe);
const client = (name: string) => ({ name }) as unknown as Stripe;

beforeEach(() => {
  loadStripeMock.mockReset();
});

describe('loadStripeJs', () => {
  it("creates one Stripe client per publishable key through Stripe's loader", async () => {
    loadStripeMock.mockImplementation(async (key) => client(key));
    const first = await loadStripeJs('pk_test_a');
    expect(await loadStripeJs('pk_test_a')).toBe(first);
    expect(await loadStripeJs('pk_test_b')).not.toBe(first);
    expect(loadStripeMock.mock.calls).toEqual([['pk_test_a'], ['pk_test_b']]);
  });

  it('fails when Stripe.js did not load, and tries again on the next call', async () => {
    loadStripeMock.mockResolvedValueOnce(null);
    await expect(loadStripeJs('pk_test_c')).rejects.toThrow('Stripe.js did not load');
    loadStripeMock.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    await expect(loadStripeJs('pk_test_c')).rejects.toThrow('Failed to load Stripe.js');
    loadStripeMock.mockResolvedValueOnce(client('c'));
    await expect(loadStripeJs('pk_test_c')).resolves.toEqual({ name: 'c' });
    expect(loadStripeMock).toHaveBeenCalledTimes(3);
  });
});
