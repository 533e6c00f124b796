import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SiteSettingsSchema } from './settings.schemas.ts';
import { fillSettingPlaceholders, hasSettingPlaceholders } from './legal-placeholders.ts';

describe('settings quoted in the legal pages', () => {
  it('replaces each known placeholder with the setting, as a sentence reads it', () => {
    const settings = SiteSettingsSchema.parse({
      payoutDestinationHoldHours: 48,
      flipHoldDays: 45,
      platformFeePercent: '25.50',
      reportingDac7GrossUsd: '2150.00',
    });
    expect(
      fillSettingPlaceholders(
        'Held {{payoutDestinationHoldHours}} hours; flips {{ flipHoldDays }} days; fee {{platformFeePercent}}; DAC7 {{reportingDac7GrossUsd}}.',
        settings,
      ),
    ).toBe('Held 48 hours; flips 45 days; fee 25.5%; DAC7 $2,150.00.');
  });

  it('leaves anything else in braces as typed', () => {
    expect(fillSettingPlaceholders('{{vaultAddress}} {{nope}} {single}', DEFAULT_SITE_SETTINGS)).toBe(
      '{{vaultAddress}} {{nope}} {single}',
    );
    expect(hasSettingPlaceholders('{{nope}} {{toString}}')).toBe(false);
    expect(hasSettingPlaceholders('wait {{flipHoldDays}} days')).toBe(true);
  });
});
