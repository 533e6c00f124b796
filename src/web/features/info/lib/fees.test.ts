import { describe, expect, it } from 'vitest';
import {
  formatCompactUsd,
  formatPercentSetting,
  formatUsdSetting,
  marketCapDollars,
  paymentMethodList,
  paypalTotalPercent,
} from './fees.ts';

describe('info page fee text', () => {
  it('formats percentages without needless decimals', () => {
    expect(formatPercentSetting('10.00')).toBe('10%');
  });

  it('derives the PayPal total from the settings', () => {
    expect(paypalTotalPercent('20.00')).toBe('120%');
  });

  it('formats USD settings and payment methods', () => {
    expect(formatUsdSetting('15.00')).toBe('$15.00');
    expect(formatUsdSetting('1234.5')).toBe('$1,234.50');
    expect(paymentMethodList(['artchip'])).toBe('the $ARTCHIP token');
    expect(paymentMethodList(['card', 'paypal', 'artchip'])).toBe('card, PayPal or the $ARTCHIP token');
  });

  it('computes the market cap exactly', () => {
    expect(marketCapDollars(1_000_000_000n, '0.001')).toBe(1_000_000n);
    expect(formatCompactUsd(marketCapDollars(1_000_000_000n, '0.001'))).toBe('$1M');
    expect(formatCompactUsd(marketCapDollars(1_000_000_000n, '0.0025'))).toBe('$2.5M');
  });
});
