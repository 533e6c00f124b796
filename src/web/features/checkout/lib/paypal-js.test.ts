import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadScript, type PayPalNamespace } from '@paypal/paypal-js';
import { loadPaypalJs } from './paypal-js.ts';

vi.mock('@paypal/paypal-js', () => ({ loadScript: vi.fn() }));

const loadScriptMock = vi.mocked(loadScript);
const sdk: PayPalNamespace = { version: '5', Buttons: vi.fn() };

beforeEach(() => {
  loadScriptMock.mockReset();
});

describe('loadPaypalJs', () => {
  it("asks PayPal's loader for USD, capture intent and the buttons only, once per client id", async () => {
    loadScriptMock.mockResolvedValue(sdk);
    await expect(loadPaypalJs('client-a')).resolves.toBe(sdk);
    await expect(loadPaypalJs('client-a')).resolves.toBe(sdk);
    expect(loadScriptMock).toHaveBeenCalledOnce();
    expect(loadScriptMock).toHaveBeenCalledWith({
      clientId: 'client-a',
      currency: 'USD',
      intent: 'capture',
      components: 'buttons',
    });
  });

  it('fails when the SDK has no buttons, and tries again on the next call', async () => {
    loadScriptMock.mockResolvedValueOnce({ version: '5' });
    await expect(loadPaypalJs('client-b')).rejects.toThrow('The PayPal SDK did not load');
    loadScriptMock.mockRejectedValueOnce(new Error('The script failed to load.'));
    await expect(loadPaypalJs('client-b')).rejects.toThrow('The script failed to load.');
    loadScriptMock.mockResolvedValueOnce(sdk);
    await expect(loadPaypalJs('client-b')).resolves.toBe(sdk);
    expect(loadScriptMock).toHaveBeenCalledTimes(3);
  });
});
