// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildChip, buildSettings, buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { ActivateDialog } from './activate-dialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/site-settings': () => ({ body: buildSettings() }),
    'PATCH /api/artchip/9/pricing': () => ({ body: buildChip() }),
  });
  return { ...api, user: userEvent.setup() };
}

function splitIn(dialog: HTMLElement) {
  return within(within(dialog).getByRole('region', { name: 'Who gets what' }));
}

function receivedIn(dialog: HTMLElement): string | null | undefined {
  return splitIn(dialog).getByText('You receive').nextElementSibling?.textContent;
}

describe('ActivateDialog shows what the seller receives', () => {
  it('a first sale pays the fee on its own price', async () => {
    const { user } = setup();
    renderWithApp(
      <ActivateDialog chip={buildChip({ status: 'pending', priceUsd: null })} open onOpenChange={() => {}} />,
      { token: 't' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Activate Harbor Lights' });
    await user.type(within(dialog).getByLabelText('Price (USD)'), '25.50');
    expect(await splitIn(dialog).findByText('30% of the sale price')).toBeTruthy();
    expect(receivedIn(dialog)).toBe('$17.85');
  });
});
