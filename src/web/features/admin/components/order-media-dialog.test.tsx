// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { buildAdminOrderDetail, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { STORAGE_KEYS } from '#web/lib/storage.ts';
import { OrderMediaDialog } from './order-media-dialog.tsx';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const SURPRIZE_MINT = buildAdminOrderDetail({
  id: 42,
  orderType: 'mint',
  mintTitle: 'Sunrise',
  isSurprize: true,
  username: 'maker',
});

function setup() {
  const api = mockApi({
    'GET /api/auth/user': () => ({ status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    'POST /api/admin/orders/42/media': () => ({ body: { order: SURPRIZE_MINT } }),
  });
  const onClose = vi.fn();
  renderWithApp(<OrderMediaDialog order={SURPRIZE_MINT} mode="media" onClose={onClose} />);
  window.localStorage.setItem(STORAGE_KEYS.adminUser, '{"username":"admin"}');
  const dialog = screen.getByRole('dialog', { name: 'Upload Media' });
  return { ...api, onClose, dialog, user: userEvent.setup() };
}

describe('OrderMediaDialog', () => {
  it('has the video field of the admin media form, checked with the schema’s message', async () => {
    const { dialog, user, callsTo, onClose } = setup();
    const video = within(dialog).getByLabelText('Video URL');
    await user.type(video, 'not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Media' }));
    expect(await within(dialog).findByText('Video URL must be a valid URL')).toBeTruthy();
    expect(callsTo('POST /api/admin/orders/42/media')).toHaveLength(0);

    await user.clear(video);
    await user.type(video, 'https://video.example/surprize.mp4');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Media' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = callsTo('POST /api/admin/orders/42/media');
    expect(call?.body).toBeInstanceOf(FormData);
    const form = call!.body as FormData;
    expect(form.get('adminVideoUrl')).toBe('https://video.example/surprize.mp4');
    expect(form.get('youtubeUrl')).toBe('');
  });
});
