import { describe, expect, it } from 'vitest';
import { fillSettingPlaceholders } from '#shared/legal-placeholders.ts';
import { DEFAULT_SITE_SETTINGS, SiteSettingsSchema } from '#shared/settings.schemas.ts';
import { DEFAULT_LEGAL_TEXT } from './legal-defaults.ts';

/** The template terms as the page shows them under these settings. */
const termsUnder = (settings: object) =>
  fillSettingPlaceholders(DEFAULT_LEGAL_TEXT.terms, SiteSettingsSchema.parse(settings));

describe("the template terms state issue 29's rules with the settings' figures", () => {
  it('quotes the destination hold, the fast-flip hold and the payout hold', () => {
    const terms = termsUnder({ payoutDestinationHoldHours: 48, flipHoldDays: 45, payoutHoldDays: 10 });
    expect(terms).toContain(
      "needs your current password or, if you use two-factor sign-in, a code from your authenticator app. We e-mail your account's address about every change, with a link that freezes your payouts and signs out every session if it was not you",
    );
    expect(terms).toContain("opening Stripe's onboarding (where you enter the bank account you are paid to)");
    expect(terms).toContain('A new or changed destination receives payouts only 48 hours after it was set.');
    expect(terms).toContain(
      'The proceeds of reselling a chip you bought less than 45 days ago are paid only once that purchase is 45 days old and not disputed, on top of the usual 10-day hold.',
    );
    expect(terms).not.toContain('72 hours');
    expect(terms).not.toMatch(/\{\{/);
  });

  it('states the dispute rules: frozen chip, held proceeds, reversal, the fee on the platform, a negative balance, a flagged buyer', () => {
    const terms = termsUnder({});
    expect(terms).toContain('the chip of that order is frozen while the dispute is open');
    expect(terms).toContain(
      "The seller's proceeds of that order, and affiliate commissions on it not yet paid, are held.",
    );
    expect(terms).toContain(
      'a seller already paid out for it carries a negative balance that their later proceeds repay',
    );
    expect(terms).toContain('Artchip bears the dispute fee');
    expect(terms).toContain("the buyer's account is flagged");
    expect(terms).toContain('You may add two-factor sign-in with an authenticator app');
  });

  it('quotes the reporting thresholds', () => {
    expect(termsUnder({})).toContain(
      "on a US Form 1099-K when a seller's sales in a calendar year are more than $20,000.00 and more than 200 sales, or under the EU's DAC7 rules from 30 sales or more than $2,000.00 in a year.",
    );
    expect(
      fillSettingPlaceholders(DEFAULT_LEGAL_TEXT.terms, { ...DEFAULT_SITE_SETTINGS, reportingDac7Sales: 25 }),
    ).toContain('DAC7 rules from 25 sales');
  });
});
