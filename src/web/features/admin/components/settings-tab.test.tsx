// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { DemoCatalogue } from '#shared/demo.schemas.ts';
import type { LegalPage } from '#shared/legal.schemas.ts';
import { buildSettings, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { SettingsTab } from './settings-tab.tsx';

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

function legalPage(page: 'privacy' | 'terms', text = 'Template text'): LegalPage {
  return {
    page,
    title: page === 'privacy' ? 'Privacy Policy' : 'Terms of Service',
    text,
    updatedAt: null,
    isTemplate: true,
  };
}

const DEMO: DemoCatalogue = { visibleChips: 11, hiddenChips: 0, accounts: 4, purchases: 3 };

function setup() {
  let demo = DEMO;
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    'GET /api/admin/site-settings': () => ({ body: buildSettings() }),
    'PUT /api/admin/site-settings': ({ body }) => ({ body: { ...buildSettings(), ...(body as object) } }),
    'GET /api/legal/privacy': () => ({ body: legalPage('privacy') }),
    'GET /api/legal/terms': () => ({ body: legalPage('terms') }),
    'PUT /api/admin/legal/terms': ({ body }) => ({
      body: {
        ...legalPage('terms', (body as { text: string }).text),
        isTemplate: false,
        updatedAt: '2030-05-01T10:00:00.000Z',
      },
    }),
    'GET /api/admin/demo-catalogue': () => ({ body: demo }),
    'DELETE /api/admin/demo-catalogue': () => {
      const removedChips = demo.visibleChips;
      demo = { ...demo, visibleChips: 0, hiddenChips: demo.hiddenChips + removedChips };
      return { body: { removedChips, catalogue: demo } };
    },
  });
  renderWithApp(<SettingsTab />);
  return { ...api, user: userEvent.setup() };
}

describe('SettingsTab', () => {
  it('edits the payout hold in whole days from 0 to 365', async () => {
    const { user, callsTo } = setup();
    const field = await screen.findByLabelText<HTMLInputElement>('Payout hold (days)');
    expect(field.value).toBe('7');

    const message = 'Must be a whole number of days from 0 to 365';
    for (const bad of ['366', '1.5', '-1', '']) {
      await user.clear(field);
      await user.type(field, '5');
      expect(screen.queryByText(message)).toBeNull();
      await user.clear(field);
      if (bad) await user.type(field, bad);
      await user.click(screen.getByRole('button', { name: 'Save Settings' }));
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(callsTo('PUT /api/admin/site-settings')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    expect(
      callsTo('PUT /api/admin/site-settings').map(
        (c) => (c.body as { payoutHoldDays: unknown }).payoutHoldDays,
      ),
    ).toEqual([0]);
  });

  it('edits the auto-delivery days (default 14) in whole days from 1 to 365 (issue 28)', async () => {
    const { user, callsTo } = setup();
    const field = await screen.findByLabelText<HTMLInputElement>('Auto-delivery (days)');
    expect(field.value).toBe('14');
    const message = 'Must be a whole number of days from 1 to 365';
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(callsTo('PUT /api/admin/site-settings')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '21');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    expect(
      callsTo('PUT /api/admin/site-settings').map(
        (c) => (c.body as { autoDeliveryDays: unknown }).autoDeliveryDays,
      ),
    ).toEqual([21]);
  });

  it('edits the shipping protection threshold and rate, refusing values the schema refuses', async () => {
    const { user, callsTo } = setup();
    const threshold = await screen.findByLabelText<HTMLInputElement>('Insure shipments of chips over (USD)');
    const rate = screen.getByLabelText<HTMLInputElement>('Insurance and signature (% of the price)');
    expect([threshold.value, rate.value]).toEqual(['500.00', '1.50']);

    await user.clear(threshold);
    await user.type(threshold, '12.345');
    await user.clear(rate);
    await user.type(rate, '101');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Must have at most 2 decimals')).toBeTruthy();
    expect(screen.getByText('Must be between 0 and 100')).toBeTruthy();
    expect(callsTo('PUT /api/admin/site-settings')).toHaveLength(0);

    await user.clear(threshold);
    await user.type(threshold, '750');
    await user.clear(rate);
    await user.type(rate, '2.25');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    expect(
      callsTo('PUT /api/admin/site-settings').map((c) => {
        const body = c.body as { insuredShippingThresholdUsd: unknown; insuredShippingPercent: unknown };
        return [body.insuredShippingThresholdUsd, body.insuredShippingPercent];
      }),
    ).toEqual([['750', '2.25']]);
  });

  it('edits the reporting thresholds (decision 077), refusing values the schema refuses', async () => {
    const { user, callsTo } = setup();
    const gross = await screen.findByLabelText<HTMLInputElement>('DAC7 gross sales (USD for €2,000)');
    const sales = screen.getByLabelText<HTMLInputElement>('1099-K number of sales');
    expect([
      screen.getByLabelText<HTMLInputElement>('1099-K gross sales (USD)').value,
      sales.value,
      gross.value,
      screen.getByLabelText<HTMLInputElement>('DAC7 number of sales').value,
    ]).toEqual(['20000.00', '200', '2000.00', '30']);

    await user.clear(sales);
    await user.type(sales, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Must be a whole number of sales from 0 to 1,000,000')).toBeTruthy();
    expect(callsTo('PUT /api/admin/site-settings')).toHaveLength(0);

    await user.clear(sales);
    await user.type(sales, '150');
    await user.clear(gross);
    await user.type(gross, '2170.40');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    expect(
      callsTo('PUT /api/admin/site-settings').map((c) => {
        const body = c.body as { reporting1099kSales: unknown; reportingDac7GrossUsd: unknown };
        return [body.reporting1099kSales, body.reportingDac7GrossUsd];
      }),
    ).toEqual([[150, '2170.40']]);
  });

  it("sets the platform fee base to this sale's price", async () => {
    const { user, callsTo } = setup();
    const group = await screen.findByRole('group', { name: 'Platform fee base' });
    const highest = within(group).getByRole<HTMLInputElement>('radio', { name: /highest sale price/ });
    expect(highest.checked).toBe(true);
    await user.click(within(group).getByRole('radio', { name: "This sale's price" }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    expect(
      callsTo('PUT /api/admin/site-settings').map((c) => (c.body as { feeBase: unknown }).feeBase),
    ).toEqual(['sale']);
  });

  it('switches the landing page banner off with the other settings', async () => {
    const { user, callsTo } = setup();
    const banner = await screen.findByRole('checkbox', {
      name: 'Show the under-construction banner on the landing page',
    });
    expect((banner as HTMLInputElement).checked).toBe(true);
    await user.click(banner);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings Updated')).toBeTruthy();
    expect(
      callsTo('PUT /api/admin/site-settings').map(
        (c) => (c.body as { showLaunchBanner: unknown }).showLaunchBanner,
      ),
    ).toEqual([false]);
  });

  it("edits the Terms of Service text on its own, in the schema's words when it is empty", async () => {
    const { user, callsTo } = setup();
    const field = await screen.findByLabelText<HTMLTextAreaElement>('Terms of Service text');
    expect(field.value).toBe('Template text');
    expect(screen.getAllByText(/Showing the template: not reviewed yet\./)).toHaveLength(2);
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save Terms of Service' }));
    expect(await screen.findByText('Enter the page text')).toBeTruthy();
    expect(callsTo('PUT /api/admin/legal/terms')).toHaveLength(0);

    await user.type(field, '## Our terms');
    await user.click(screen.getByRole('button', { name: 'Save Terms of Service' }));
    expect(await screen.findByText('Terms of Service Updated')).toBeTruthy();
    expect(callsTo('PUT /api/admin/legal/terms').map((c) => c.body)).toEqual([{ text: '## Our terms' }]);
    expect(await screen.findByText(/Last saved May 1, 2030/)).toBeTruthy();
    expect(callsTo('PUT /api/admin/site-settings')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'View the Terms of Service' }).getAttribute('href')).toBe(
      '/terms',
    );
  });

  it('removes the demo catalogue only after the confirmation, and then offers nothing more to remove', async () => {
    const { user, callsTo } = setup();
    expect(await screen.findByText(/11 demo Artchips are on the site, from 4 demo accounts/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove demo catalogue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the demo catalogue?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('DELETE /api/admin/demo-catalogue')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove demo catalogue' }));
    const again = await screen.findByRole('dialog', { name: 'Remove the demo catalogue?' });
    await user.click(within(again).getByRole('button', { name: 'Remove demo catalogue' }));
    expect(await screen.findByText('Demo Catalogue Removed')).toBeTruthy();
    expect(callsTo('DELETE /api/admin/demo-catalogue')).toHaveLength(1);
    expect(await screen.findByText(/The demo catalogue is off the site \(11 Artchips hidden\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove demo catalogue' }).hasAttribute('disabled')).toBe(true);
  });
});
