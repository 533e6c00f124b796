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
