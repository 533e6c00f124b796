// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { NfcProvisioning, NfcTag, NfcTap } from '#shared/nfc.schemas.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { ToastProvider } from '#web/components/ui/toast.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { mockApi } from '#web/lib/testing.tsx';
import { NfcPanel } from './nfc-panel.tsx';

const TAG: NfcTag = {
  id: 3,
  chipId: 7,
  uid: '04AABBCCDDEEFF',
  mode: 'AES',
  keySource: 'diversified',
  metaReadKeyId: '0123456789abcdef',
  urlTemplate: 'https://artchip.example/?picc_data={PICCData}&cmac={MAC}',
  lastCounter: 12,
  status: 'active',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const TAPS: NfcTap[] = [
  {
    id: 2,
    tagId: 3,
    uid: TAG.uid,
    counter: 12,
    status: 'repeated',
    reason: null,
    createdAt: '2030-01-02T00:00:00.000Z',
  },
  {
    id: 1,
    tagId: 3,
    uid: TAG.uid,
    counter: null,
    status: 'invalid',
    reason: 'bad_mac',
    createdAt: '2030-01-01T00:00:00.000Z',
  },
];

const PROVISIONING: NfcProvisioning = {
  tag: { ...TAG, uid: '04112233445566', lastCounter: -1 },
  urlTemplate: TAG.urlTemplate!,
  ndefUrl: `https://artchip.example/?picc_data=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`,
  ndefFileHex: '0051D1014D5504',
  sdm: {
    mode: 'AES',
    fileNumber: 2,
    uidMirror: true,
    readCtrMirror: true,
    encryptedFileData: false,
    asciiEncoding: true,
    sdmMetaReadKey: 1,
    sdmFileReadKey: 2,
    sdmCtrRetKey: 15,
    piccDataOffset: 42,
    sdmMacInputOffset: 80,
    sdmMacOffset: 80,
  },
  keys: {
    sdmMetaRead: { keyNumber: 1, scheme: 'AN10922-AES128', diversificationInput: '0141', scope: 'all-tags' },
    sdmFileRead: {
      keyNumber: 2,
      scheme: 'AN10922-AES128',
      diversificationInput: '04112233445566',
      scope: 'per-tag',
    },
  },
  masterKeySource: 'install-key-file',
  notes: ['Enabling SDM resets the tag counter to 0.'],
};

type Route = { method: string; path: string; status: number; body: unknown };

function renderPanel(routes: Route[]) {
  const { calls, fetchMock } = mockApi(
    Object.fromEntries(
      routes.map((r) => [`${r.method} ${r.path}`, () => ({ status: r.status, body: r.body })]),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <NfcPanel chipId={7} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { calls, fetchMock, user: userEvent.setup() };
}

const base = (tag: NfcTag | null): Route[] => [
  { method: 'GET', path: '/api/admin/artchip/7/nfc-tag', status: 200, body: { tag } },
  { method: 'GET', path: '/api/admin/artchip/7/taps', status: 200, body: { items: TAPS } },
];

beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}'));
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('NfcPanel', () => {
  it('shows the tag, its QR links and the tap history, calling the API with the admin session cookie', async () => {
    const { fetchMock } = renderPanel(base(TAG));
    expect(await screen.findByText(TAG.uid)).toBeTruthy();
    expect(screen.getByText('Last accepted tap').nextElementSibling?.textContent).toBe('#12');
    expect(screen.getByRole('link', { name: 'QR code (SVG)' }).getAttribute('href')).toBe(
      '/api/artchip/7/qr.svg',
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Repeated')).toBeTruthy();
    expect(within(table).getByText('bad_mac')).toBeTruthy();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.credentials).toBe('same-origin');
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('says when no tag is registered and offers no counter reset', async () => {
    renderPanel(base(null));
    expect(await screen.findByText('No NFC tag is registered for this chip yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset counter' })).toBeNull();
  });

  it('validates the UID with the shared schema before calling the API', async () => {
    const { calls, user } = renderPanel(base(null));
    await user.type(await screen.findByLabelText('Tag UID (14 hex characters)'), '04AB');
    await user.click(screen.getByRole('button', { name: 'Provision tag' }));
    expect(await screen.findByText('UID must be 14 hex characters (7 bytes)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('provisions a tag and shows the settings to write, with the master-key warning', async () => {
    const { calls, user } = renderPanel([
      ...base(null),
      { method: 'POST', path: '/api/admin/artchip/7/nfc-tag/provision', status: 200, body: PROVISIONING },
    ]);
    await user.type(await screen.findByLabelText('Tag UID (14 hex characters)'), '04112233445566');
    await user.click(screen.getByRole('button', { name: 'Provision tag' }));
    expect(await screen.findByText('Write these settings to tag 04112233445566')).toBeTruthy();
    expect(screen.getByText(PROVISIONING.ndefFileHex)).toBeTruthy();
    expect(screen.getByText(/set NFC_MASTER_KEY before producing/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ uid: '04112233445566', mode: 'AES' });
  });

  it('provisions an LRP tag when LRP is chosen and says so in the settings', async () => {
    const lrp: NfcProvisioning = {
      ...PROVISIONING,
      tag: { ...PROVISIONING.tag, mode: 'LRP' },
      sdm: { ...PROVISIONING.sdm, mode: 'LRP' },
    };
    const { calls, user } = renderPanel([
      ...base(null),
      { method: 'POST', path: '/api/admin/artchip/7/nfc-tag/provision', status: 200, body: lrp },
    ]);
    await user.type(await screen.findByLabelText('Tag UID (14 hex characters)'), '04112233445566');
    const [provisionMode] = screen.getAllByLabelText('Tag mode');
    await user.selectOptions(provisionMode!, 'LRP');
    await user.click(screen.getByRole('button', { name: 'Provision tag' }));
    const result = await screen.findByRole('region', { name: 'Write these settings to tag 04112233445566' });
    expect(within(result).getByText('Mode').nextElementSibling?.textContent).toBe('LRP (AN12304)');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ uid: '04112233445566', mode: 'LRP' });
  });

  it('registers a tag with its own keys in the chosen mode and shows the mode of the current tag', async () => {
    const { calls, user } = renderPanel([
      ...base(TAG),
      { method: 'POST', path: '/api/admin/artchip/7/nfc-tag', status: 200, body: { ...TAG, mode: 'LRP' } },
    ]);
    expect((await screen.findByText('Mode')).nextElementSibling?.textContent).toBe('AES (factory default)');
    await user.click(screen.getByText('Register a tag programmed with its own keys'));
    await user.type(screen.getByLabelText('Tag UID'), '04AABBCCDDEEFF');
    const modes = screen.getAllByLabelText('Tag mode');
    await user.selectOptions(modes[1]!, 'LRP');
    await user.type(screen.getByLabelText('SDMMetaRead key (32 hex)'), '11'.repeat(16));
    await user.type(screen.getByLabelText('SDMFileRead key (32 hex)'), '22'.repeat(16));
    await user.click(screen.getByRole('button', { name: 'Register tag' }));
    expect(await screen.findByText('Tag registered')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ uid: '04AABBCCDDEEFF', mode: 'LRP' });
  });

  it('shows the server refusal', async () => {
    const { user } = renderPanel([
      ...base(null),
      {
        method: 'POST',
        path: '/api/admin/artchip/7/nfc-tag/provision',
        status: 409,
        body: { code: 'CONFLICT', message: 'This NFC UID is already assigned to another Artchip' },
      },
    ]);
    await user.type(await screen.findByLabelText('Tag UID (14 hex characters)'), '04112233445566');
    await user.click(screen.getByRole('button', { name: 'Provision tag' }));
    expect(await screen.findByText('This NFC UID is already assigned to another Artchip')).toBeTruthy();
  });

  it('resets the counter only after confirmation', async () => {
    const { calls, user } = renderPanel([
      ...base(TAG),
      {
        method: 'POST',
        path: '/api/admin/artchip/7/nfc-tag/reset-counter',
        status: 200,
        body: { ...TAG, lastCounter: -1 },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reset counter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the tap counter?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Reset counter' }));
    expect(await screen.findByText('Counter reset')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/reset-counter'))).toBe(true);
  });
});
