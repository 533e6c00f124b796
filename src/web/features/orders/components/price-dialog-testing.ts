/**
 * What the price-dialog tests (activate, pricing, resell) share: the answers the dialogs load and
 * readers of the "Who gets what" split they show.
 */
import { within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildChip, buildSettings, buildUser, mockApi } from '#web/lib/testing.tsx';

/** The signed-in user, the site settings (30 % fee) and a pricing answer, plus a user-event driver. */
export function setupPriceDialog() {
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/site-settings': () => ({ body: buildSettings() }),
    'PATCH /api/artchip/9/pricing': () => ({ body: buildChip() }),
  });
  return { ...api, user: userEvent.setup() };
}

/** The split region inside a dialog. */
export function splitIn(dialog: HTMLElement) {
  return within(within(dialog).getByRole('region', { name: 'Who gets what' }));
}

/** The "You receive" amount the split shows. */
export function receivedIn(dialog: HTMLElement): string | null | undefined {
  return splitIn(dialog).getByText('You receive').nextElementSibling?.textContent;
}
