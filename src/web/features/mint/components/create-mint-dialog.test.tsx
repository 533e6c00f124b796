// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MAX_IMAGE_BYTES } from '#shared/media.schemas.ts';
import { buildSettings, buildUser, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { CreateMintDialog } from './create-mint-dialog.tsx';

const UPLOADED = {
  id: 1,
  url: '/media/abc.png',
  variants: [{ width: 64, url: '/media/abc.webp' }],
  width: 64,
  height: 64,
  animated: false,
};

function setup() {
  const api = mockApi({
    'GET /api/auth/user': () => ({ body: buildUser() }),
    'GET /api/site-settings': () => ({
      body: buildSettings({ customMintingCost: '15.00', surprizeMintingCost: '30.00' }),
    }),
    'POST /api/media': () => ({ status: 201, body: UPLOADED }),
  });
  const onProceed = vi.fn();
  renderWithApp(<CreateMintDialog open onOpenChange={() => undefined} onProceed={onProceed} />, {
    token: 't',
  });
  const dialog = screen.getByRole('dialog', { name: 'Create Your Artchip' });
  return { ...api, onProceed, dialog, user: userEvent.setup({ applyAccept: false }) };
}

function png(size = 100): File {
  const file = new File([new Uint8Array(8)], 'art.png', { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CreateMintDialog', () => {
  it('shows both mint prices from the settings', async () => {
    const { dialog } = setup();
    expect(await within(dialog).findByText('Custom mint · $15.00')).toBeTruthy();
    expect(within(dialog).getByText('Surprize mint · $30.00')).toBeTruthy();
  });

  it('refuses other file types and files over 10MB before uploading', async () => {
    const { dialog, user, callsTo } = setup();
    const input = within(dialog).getByLabelText('Image (JPEG, PNG or GIF, up to 10MB)');
    await user.upload(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(within(dialog).getByText('Please select an image file (JPEG, PNG, GIF).')).toBeTruthy();
    await user.upload(input, png(MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(within(dialog).getByText('Please select an image smaller than 10MB.')).toBeTruthy();
    expect(within(dialog).queryByRole('img', { name: 'Preview of your image' })).toBeNull();
    expect(callsTo('POST /api/media')).toHaveLength(0);
  });

  it('needs a title and, for a custom mint, an image', async () => {
    const { dialog, user, onProceed } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Please select an image for your Artchip.')).toBeTruthy();
    // The toast's code loads with the first toast: it shows a moment after the inline messages.
    expect(await screen.findByText('Image Required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Title'), 'x'.repeat(100));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    expect(await within(dialog).findByText('Title must be less than 100 characters')).toBeTruthy();
    expect(onProceed).not.toHaveBeenCalled();
  });

  it('uploads the image, hands the mint on and resets the form', async () => {
    const { dialog, user, onProceed, callsTo } = setup();
    await user.upload(within(dialog).getByLabelText('Image (JPEG, PNG or GIF, up to 10MB)'), png());
    expect(within(dialog).getByRole('img', { name: 'Preview of your image' }).getAttribute('src')).toBe(
      'blob:preview',
    );
    await user.type(within(dialog).getByLabelText('Title'), 'Sunrise');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Warm colours');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() =>
      expect(onProceed).toHaveBeenCalledWith({
        isSurprize: false,
        title: 'Sunrise',
        description: 'Warm colours',
        imageUrl: '/media/abc.png',
      }),
    );
    const upload = callsTo('POST /api/media')[0];
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('');
    expect(within(dialog).queryByRole('img', { name: 'Preview of your image' })).toBeNull();
  });

  it('needs no image for a surprize mint', async () => {
    const { dialog, user, onProceed, callsTo } = setup();
    await user.click(within(dialog).getByRole('radio', { name: /Surprize mint/ }));
    expect(within(dialog).queryByLabelText('Image (JPEG, PNG or GIF, up to 10MB)')).toBeNull();
    await user.type(within(dialog).getByLabelText('Title'), 'Surprise me');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(onProceed).toHaveBeenCalledWith({ isSurprize: true, title: 'Surprise me' }));
    expect(callsTo('POST /api/media')).toHaveLength(0);
  });
});
