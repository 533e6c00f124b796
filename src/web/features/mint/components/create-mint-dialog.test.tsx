// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MAX_IMAGE_BYTES } from '#shared/media.schemas.ts';
import { buildSettings, buildUser, FakeXhr, mockApi, renderWithApp } from '#web/lib/testing.tsx';
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
  });
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
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
    const { dialog, user } = setup();
    const input = within(dialog).getByLabelText('Image (JPEG, PNG or GIF, up to 10MB)');
    await user.upload(input, new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(within(dialog).getByText('Please select an image file (JPEG, PNG, GIF).')).toBeTruthy();
    await user.upload(input, png(MAX_IMAGE_BYTES + 1));
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(within(dialog).getByText('Please select an image smaller than 10MB.')).toBeTruthy();
    expect(within(dialog).queryByRole('img', { name: 'Preview of your image' })).toBeNull();
    expect(FakeXhr.sent).toHaveLength(0);
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

  it('places the image in the studio, shows the upload’s progress, hands the mint on and resets', async () => {
    const { dialog, user, onProceed } = setup();
    await user.upload(within(dialog).getByLabelText('Image (JPEG, PNG or GIF, up to 10MB)'), png());
    const preview = within(dialog).getByRole('img', { name: 'Preview of your image' });
    expect(preview.getAttribute('src')).toBe('blob:preview');
    // The studio opens once the image's proportions are known.
    Object.defineProperty(preview, 'naturalWidth', { value: 1200 });
    Object.defineProperty(preview, 'naturalHeight', { value: 800 });
    fireEvent.load(preview);
    const studio = within(dialog).getByRole('region', { name: 'Mint studio' });

    await user.click(within(dialog).getByRole('radio', { name: 'Square' }));
    fireEvent.change(within(studio).getByLabelText(/^Zoom/), { target: { value: '2' } });
    await user.click(within(studio).getByRole('button', { name: 'Turn right 90°' }));
    // Keyboard placement: turned a quarter clockwise, moving the artwork right moves it towards its
    // own top, so the point at the centre is further down the image.
    within(studio).getByRole('group', { name: 'Artwork placement' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(
      within(studio).getByText(/^Placement: zoom 2\.0×, turned 90°, centre at 50% across and 51% down$/),
    ).toBeTruthy();
    expect(within(studio).getByRole('img', { name: /a square Artchip, 54 mm, front$/ })).toBeTruthy();

    await user.type(within(dialog).getByLabelText('Title'), 'Sunrise');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Warm colours');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const upload = FakeXhr.sent[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/media');
    // Same-origin XHR carries the session cookie; no token is ever put in a header by script.
    expect(upload.headers.authorization).toBeUndefined();
    expect((upload.body as FormData).get('image')).toBeInstanceOf(File);
    upload.progress(40, 100);
    expect(within(dialog).getByText('Uploading your image… 40%')).toBeTruthy();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Uploading your image' }).getAttribute('value'),
    ).toBe('40');
    upload.progress(100, 100);
    expect(within(dialog).getByText('Processing your image…')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Processing…' })).toHaveProperty('disabled', true);
    upload.respond(201, UPLOADED);

    await waitFor(() =>
      expect(onProceed).toHaveBeenCalledWith({
        isSurprize: false,
        title: 'Sunrise',
        description: 'Warm colours',
        imageUrl: '/media/abc.png',
        shape: 'square',
        crop: { x: 0.5, y: 0.51, zoom: 2, rotation: 90 },
      }),
    );
    expect(within(dialog).getByLabelText<HTMLInputElement>('Title').value).toBe('');
    expect(within(dialog).queryByRole('img', { name: 'Preview of your image' })).toBeNull();
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Round' }).checked).toBe(true);
  });

  it('says why an upload failed', async () => {
    const { dialog, user, onProceed } = setup();
    await user.upload(within(dialog).getByLabelText('Image (JPEG, PNG or GIF, up to 10MB)'), png());
    await user.type(within(dialog).getByLabelText('Title'), 'Sunrise');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(400, {
      code: 'INVALID_FILE_TYPE',
      message: 'Please select an image file (JPEG, PNG, GIF).',
    });
    expect(await within(dialog).findByText('Please select an image file (JPEG, PNG, GIF).')).toBeTruthy();
    expect(onProceed).not.toHaveBeenCalled();
  });

  it('needs no image for a surprize mint', async () => {
    const { dialog, user, onProceed } = setup();
    await user.click(within(dialog).getByRole('radio', { name: /Surprize mint/ }));
    expect(within(dialog).queryByLabelText('Image (JPEG, PNG or GIF, up to 10MB)')).toBeNull();
    await user.type(within(dialog).getByLabelText('Title'), 'Surprise me');
    await user.click(within(dialog).getByRole('radio', { name: 'Square' }));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() =>
      expect(onProceed).toHaveBeenCalledWith({ isSurprize: true, title: 'Surprise me', shape: 'square' }),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
