// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildSettings, buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { MintButton } from './mint-button.tsx';

afterEach(cleanup);

function setup() {
  mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/site-settings': () => ({ body: buildSettings() }),
  });
  return { user: userEvent.setup() };
}

describe('MintButton', () => {
  it('opens the mint flow with the surprize option chosen for "Try a Surprize Mint"', async () => {
    const { user } = setup();
    renderWithApp(<MintButton label="Try a Surprize Mint" isSurprize />, { token: 't' });
    await user.click(screen.getByRole('button', { name: 'Try a Surprize Mint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Your Artchip' });
    expect(within(dialog).getByRole('radio', { name: /^Surprize mint/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: /^Custom mint/ })).toHaveProperty('checked', false);
    // A surprize mint asks for no image: the studio makes the artwork.
    expect(within(dialog).queryByLabelText('Image (JPEG, PNG or GIF, up to 10MB)')).toBeNull();
  });

  it('opens a custom mint by default', async () => {
    const { user } = setup();
    renderWithApp(<MintButton label="Mint Your Artwork" />, { token: 't' });
    await user.click(screen.getByRole('button', { name: 'Mint Your Artwork' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Your Artchip' });
    expect(within(dialog).getByRole('radio', { name: /^Custom mint/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByLabelText('Image (JPEG, PNG or GIF, up to 10MB)')).toBeTruthy();
  });

  it('asks a visitor to log in, also for a surprize mint', async () => {
    const { user } = setup();
    renderWithApp(<MintButton label="Try a Surprize Mint" isSurprize />);
    await user.click(screen.getByRole('button', { name: 'Try a Surprize Mint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login Required' });
    expect(within(dialog).getByRole('link', { name: 'Create Account' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Create Your Artchip' })).toBeNull();
  });
});
