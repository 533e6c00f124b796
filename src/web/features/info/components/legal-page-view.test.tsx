// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { LegalPage } from '#shared/legal.schemas.ts';
import { buildSettings, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { LegalPageView } from './legal-page-view.tsx';

afterEach(cleanup);

const terms = (text: string): LegalPage => ({
  page: 'terms',
  title: 'Terms of Service',
  text,
  updatedAt: null,
  isTemplate: true,
});

describe('LegalPageView', () => {
  it('fills in the settings the text quotes, from the site settings now', async () => {
    const { callsTo } = mockApi({
      'GET /api/legal/terms': () => ({
        body: terms(
          'A new destination is paid {{payoutDestinationHoldHours}} hours after it was set; a flip waits {{flipHoldDays}} days. {{unknown}} stays.',
        ),
      }),
      'GET /api/site-settings': () => ({
        body: buildSettings({ payoutDestinationHoldHours: 48, flipHoldDays: 45 }),
      }),
    });
    renderWithApp(<LegalPageView page="terms" />);
    expect(
      await screen.findByText(
        'A new destination is paid 48 hours after it was set; a flip waits 45 days. {{unknown}} stays.',
      ),
    ).toBeTruthy();
    expect(callsTo('GET /api/site-settings')).toHaveLength(1);
  });

  it('asks for no settings when the text quotes none', async () => {
    const { callsTo } = mockApi({
      'GET /api/legal/terms': () => ({ body: terms('Plain terms.') }),
    });
    renderWithApp(<LegalPageView page="terms" />);
    expect(await screen.findByText('Plain terms.')).toBeTruthy();
    expect(callsTo('GET /api/site-settings')).toHaveLength(0);
  });

  it('shows no placeholder while the settings cannot be read', async () => {
    mockApi({
      'GET /api/legal/terms': () => ({ body: terms('Wait {{flipHoldDays}} days.') }),
      'GET /api/site-settings': () => ({ status: 500, body: { code: 'INTERNAL', message: 'Down' } }),
    });
    renderWithApp(<LegalPageView page="terms" />);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The Terms of Service could not be loaded/,
    );
    expect(screen.queryByText(/\{\{/)).toBeNull();
  });
});
