// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from '#web/lib/router.tsx';
import { buildSettings } from '#web/lib/testing.tsx';
import type { FeeBase } from '#shared/settings.schemas.ts';
import { FAQ_ENTRIES, renderAnswer } from './faq-entries.tsx';

afterEach(cleanup);

function answerText(question: string, platformFeePercent: string, feeBase: FeeBase = 'highest'): string {
  const entry = FAQ_ENTRIES.find((e) => e.question === question)!;
  const { container } = render(
    <MemoryRouter>{renderAnswer(entry, buildSettings({ platformFeePercent, feeBase }))}</MemoryRouter>,
  );
  return container.textContent ?? '';
}

describe('the FAQ on what a seller receives', () => {
  it('states the fee rule and a worked example from the platformFeePercent setting', () => {
    const text = answerText('How much does a seller receive from a sale?', '30.00');
    expect(text).toContain(
      'The fee is 30% of the highest price the chip has actually sold for on Artchip, this sale included, and never more than the sale itself',
    );
    expect(text).toContain('a listed or asked price never counts');
    expect(text).toContain(
      'A chip that sold for $50.00 and resells for $45.00 pays 30% of $50.00, $15.00, so its seller receives $30.00.',
    );
  });

  it('follows the setting instead of a hard-coded 30%', () => {
    const text = answerText('How much does a seller receive from a sale?', '20.00');
    expect(text).toContain('The fee is 20% of the highest price');
    expect(text).toContain('pays 20% of $50.00, $10.00, so its seller receives $35.00.');
    expect(text).not.toContain('30%');
  });

  it("states this sale's price as the base when the feeBase setting says 'sale'", () => {
    const text = answerText('How much does a seller receive from a sale?', '30.00', 'sale');
    expect(text).toContain("The fee is 30% of this sale's price, whatever the chip sold for before.");
    expect(text).toContain('pays 30% of $45.00, $13.50, so its seller receives $31.50.');
    expect(text).not.toContain('highest price the chip has actually sold for');
  });
});

describe('the FAQ on offline transfers', () => {
  it('states the transfer fee rule from the platformFeePercent setting', () => {
    const text = answerText('Can I give or sell my Artchip to someone outside the marketplace?', '30.00');
    expect(text).toContain(
      'Transfers carry the same fee as sales: 30% of the highest price the chip has sold for',
    );
    expect(text).toContain('For a chip that sold for $50.00 the fee is $15.00.');
    expect(
      answerText('Can I give or sell my Artchip to someone outside the marketplace?', '20.00'),
    ).toContain('the fee is $10.00');
  });

  it("puts the list price first when the feeBase setting says 'sale'", () => {
    const text = answerText(
      'Can I give or sell my Artchip to someone outside the marketplace?',
      '30.00',
      'sale',
    );
    expect(text).toContain('Transfers carry the same fee as sales: 30% of its list price while it is listed');
  });
});

/** An answer rendered under these settings, as text. */
function answerUnder(question: string, settings: Parameters<typeof buildSettings>[0]): string {
  const entry = FAQ_ENTRIES.find((e) => e.question === question);
  expect(entry, question).toBeDefined();
  const { container } = render(<MemoryRouter>{renderAnswer(entry!, buildSettings(settings))}</MemoryRouter>);
  const text = container.textContent ?? '';
  cleanup();
  return text;
}

describe("the FAQ on issue 29's rules", () => {
  const DESTINATION = 'How is my payout destination protected, and when are resale proceeds paid?';
  const DISPUTE = 'What happens when a buyer disputes a payment (a chargeback)?';

  it('states the destination rules with the hold hours, flip days and payout hold of the settings', () => {
    const text = answerUnder(DESTINATION, {
      payoutDestinationHoldHours: 48,
      flipHoldDays: 45,
      payoutHoldDays: 10,
    });
    expect(text).toContain(
      'opening Stripe’s onboarding (where you enter the bank account you are paid to), needs your current password, or a code from your authenticator app if you use two-factor sign-in.',
    );
    expect(text).toContain(
      '“This wasn’t me” link: pressing it freezes your payouts and signs out every session',
    );
    expect(text).toContain('receives payouts only 48 hours after it was set');
    expect(text).toContain(
      'a chip you bought less than 45 days ago, that sale’s proceeds are paid once your purchase is 45 days old',
    );
    expect(text).toContain('after the usual 10-day payout hold');
    expect(answerUnder(DESTINATION, { payoutDestinationHoldHours: 72 })).toContain('only 72 hours after');
  });

  it('states the dispute rules: frozen chip, held proceeds, reversal, the fee on the platform, a negative balance', () => {
    const text = answerUnder(DISPUTE, { flipHoldDays: 21 });
    expect(text).toContain(
      'the chip of that order is frozen: it cannot be resold, sold through an offer, transferred, handed over or shipped',
    );
    expect(text).toContain(
      'The seller’s proceeds of that order, and affiliate commissions on it not yet paid, are held.',
    );
    expect(text).toContain(
      'a seller already paid out for it carries a negative balance that their later proceeds repay',
    );
    expect(text).toContain('Artchip pays the dispute fee, not the seller.');
    expect(text).toContain('the buyer’s account is flagged');
    expect(text).toContain(
      'a chip bought less than 21 days ago wait until that purchase is 21 days old without a dispute',
    );
  });
});

describe('the FAQ on creator royalties', () => {
  const royaltyText = (creatorRoyaltyPercent: string) => {
    const entry = FAQ_ENTRIES.find((e) => e.question === 'Do creators earn when their chips are resold?')!;
    const settings = buildSettings({ platformFeePercent: '30.00', creatorRoyaltyPercent });
    const { container } = render(<MemoryRouter>{renderAnswer(entry, settings)}</MemoryRouter>);
    return container.textContent ?? '';
  };

  it('states the royalty from its setting, out of the fee, with the worked resale', () => {
    const text = royaltyText('5.00');
    expect(text).toContain('you receive 5% of the sale price');
    expect(text).toContain('$2.25 of the $15.00 fee is yours and the seller still receives $30.00');
    cleanup();
    expect(royaltyText('10.00')).toContain('$4.50 of the $15.00 fee is yours');
  });
});
