// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { buildSiteInfo, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { LiveAuctionLink } from './live-auction-link.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LiveAuctionLink', () => {
  it('offers no button when no live-auction page is configured, and says why', async () => {
    mockApi({ 'GET /api/site-info': () => ({ body: buildSiteInfo({ liveAuctionUrl: '' }) }) });
    renderWithApp(<LiveAuctionLink />);
    expect(await screen.findByText('The live-auction schedule will be announced soon.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('links the configured page in a new tab', async () => {
    mockApi({
      'GET /api/site-info': () => ({ body: buildSiteInfo({ liveAuctionUrl: 'https://live.example.com/a' }) }),
    });
    renderWithApp(<LiveAuctionLink />);
    const link = await screen.findByRole('link', { name: /Join the Live Auction/ });
    expect(link.getAttribute('href')).toBe('https://live.example.com/a');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
