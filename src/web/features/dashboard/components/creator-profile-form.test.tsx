// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { CreatorProfile } from '#shared/creators.schemas.ts';
import { buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { CreatorProfileForm } from './creator-profile-form.tsx';

afterEach(cleanup);

function buildProfile(overrides: Partial<CreatorProfile> = {}): CreatorProfile {
  return {
    username: 'maker',
    profileImageUrl: null,
    bio: 'Harbours in resin.',
    links: [{ label: 'Portfolio', url: 'https://maker.example' }],
    joinedAt: '2030-01-01T00:00:00.000Z',
    followerCount: 0,
    figures: { chipsMinted: 1, chipsSold: 0, salesVolumeCents: 0 },
    ...overrides,
  };
}

function setup(profile = buildProfile()) {
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/creators/maker': () => ({ body: profile }),
    'PUT /api/users/creator-profile': (call) => ({
      body: { ...profile, ...(call.body as object), bio: (call.body as { bio: string }).bio || null },
    }),
  });
  renderWithApp(<CreatorProfileForm username="maker" />, { token: 't' });
  return { ...api, user: userEvent.setup() };
}

async function findForm() {
  const section = await screen.findByRole('region', { name: 'Public Profile' });
  await within(section).findByLabelText('Bio');
  return within(section);
}

describe('CreatorProfileForm', () => {
  it('starts from the public profile and saves the bio and links', async () => {
    const { user, callsTo } = setup();
    const form = await findForm();
    expect(form.getByLabelText<HTMLTextAreaElement>('Bio').value).toBe('Harbours in resin.');
    expect(form.getByLabelText<HTMLInputElement>('Link 1 URL').value).toBe('https://maker.example');
    expect(form.getByText('18/500 characters: who you are and what you make.')).toBeTruthy();

    await user.clear(form.getByLabelText('Bio'));
    await user.type(form.getByLabelText('Bio'), 'New bio');
    await user.click(form.getByRole('button', { name: 'Add link' }));
    await user.type(form.getByLabelText('Link 2 label'), 'Shop');
    await user.type(form.getByLabelText('Link 2 URL'), 'https://shop.example');
    await user.click(form.getByRole('button', { name: 'Save Profile' }));

    await waitFor(() => expect(callsTo('PUT /api/users/creator-profile')).toHaveLength(1));
    expect(callsTo('PUT /api/users/creator-profile')[0]!.body).toEqual({
      bio: 'New bio',
      links: [
        { label: 'Portfolio', url: 'https://maker.example' },
        { label: 'Shop', url: 'https://shop.example' },
      ],
    });
    expect(await screen.findByText('Profile Updated')).toBeTruthy();
  });

  it('says what is wrong before sending: a bio over 500 characters, a link that is not http(s)', async () => {
    const { user, callsTo } = setup(buildProfile({ bio: 'x'.repeat(501), links: [] }));
    const form = await findForm();
    await user.click(form.getByRole('button', { name: 'Add link' }));
    await user.type(form.getByLabelText('Link 1 label'), 'Evil');
    await user.type(form.getByLabelText('Link 1 URL'), 'javascript:alert(1)');
    await user.click(form.getByRole('button', { name: 'Save Profile' }));
    expect(await form.findByText('Bio must be at most 500 characters')).toBeTruthy();
    expect(form.getByText('Links must be valid URLs starting with http:// or https://')).toBeTruthy();
    expect(callsTo('PUT /api/users/creator-profile')).toHaveLength(0);
  });

  it('allows at most 5 links, and removes one on request', async () => {
    const links = Array.from({ length: 5 }, (_, i) => ({ label: `L${i}`, url: `https://l${i}.example` }));
    const { user } = setup(buildProfile({ links }));
    const form = await findForm();
    expect(form.getByRole('button', { name: 'Add link' }).hasAttribute('disabled')).toBe(true);
    await user.click(form.getByRole('button', { name: 'Remove link 5' }));
    expect(form.queryByLabelText('Link 5 URL')).toBeNull();
    expect(form.getByRole('button', { name: 'Add link' }).hasAttribute('disabled')).toBe(false);
  });
});
