// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { AffiliatesTab } from './affiliates-tab.tsx';

afterEach(cleanup);

function setup() {
  mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/affiliates/me': () => ({
      body: {
        affiliateCode: 'MAKER1',
        link: 'https://artchip.example/?ref=MAKER1',
        referralCount: 3,
        pendingCents: 150,
        paidCents: 300,
        totalCents: 450,
        commissions: [
          {
            id: 1,
            orderId: 9,
            affiliateUserId: 5,
            affiliateUsername: 'maker',
            sourceUserId: 6,
            sourceUsername: 'friend',
            commissionLevel: 1,
            baseAmountCents: 1500,
            commissionRate: '10.00',
            commissionAmountCents: 150,
            status: 'pending',
            payoutId: null,
            createdAt: '2030-01-01T00:00:00.000Z',
          },
        ],
      },
    }),
  });
  renderWithApp(<AffiliatesTab />, { token: 't' });
  return userEvent.setup();
}

describe('AffiliatesTab', () => {
  it('shows the link, the referral count, the commission totals and the list', async () => {
    setup();
    expect((await screen.findByLabelText<HTMLInputElement>('Your affiliate link')).value).toBe(
      'https://artchip.example/?ref=MAKER1',
    );
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getAllByText('$1.50').length).toBeGreaterThan(0);
    expect(screen.getByText('$3.00')).toBeTruthy();
    expect(screen.getByText('$4.50')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'friend' })).toBeTruthy();
  });

  it("copies the link and says 'Copied!' for 2 seconds", async () => {
    const user = setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith('https://artchip.example/?ref=MAKER1');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Copy Link' }, { timeout: 3000 })).toBeTruthy();
  });

  it('says when the clipboard refuses', async () => {
    const user = setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Failed to copy link to clipboard')).toBeTruthy();
  });
});
