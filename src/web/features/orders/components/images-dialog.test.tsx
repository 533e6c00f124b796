// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MAX_IMAGE_BYTES } from '#shared/media.schemas.ts';
import { buildChip, buildUser, FakeXhr, mockApi, renderWithApp } from '#web/lib/testing.tsx';
import { ADD_IMAGE_LABEL, ImagesDialog } from './images-dialog.tsx';

const CHIP = buildChip({
  id: 7,
  title: 'Harbor Lights',
  originalImageUrl: '/media/harbor.png',
  additionalImageUrls: ['/media/b.png'],
});

function setup(chip = CHIP) {
  mockApi({ 'GET /api/auth/user': () => ({ body: buildUser() }) });
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  renderWithApp(<ImagesDialog chip={chip} open onOpenChange={() => undefined} />, { token: 't' });
  const dialog = screen.getByRole('dialog', { name: 'Images of Harbor Lights' });
  return { dialog, user: userEvent.setup({ applyAccept: false }) };
}

function png(size = 100): File {
  const file = new File([new Uint8Array(8)], 'more.png', { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ImagesDialog', () => {
  it('shows the extra images and adds one, with its progress, to the chip', async () => {
    const { dialog, user } = setup();
    const list = within(dialog).getByRole('list', { name: 'Extra images' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Harbor Lights, image 2']);
    expect(within(dialog).getByText(/\(1 of 10\)/)).toBeTruthy();

    await user.upload(within(dialog).getByLabelText(ADD_IMAGE_LABEL), png());
    await user.click(within(dialog).getByRole('button', { name: 'Add image' }));
    const [xhr] = FakeXhr.sent;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/artchip/7/upload-media');
    // The session travels in its HttpOnly cookie, never in a header a script could read.
    expect(xhr?.headers.authorization).toBeUndefined();
    expect((xhr?.body as FormData).get('image')).toBeInstanceOf(File);

    xhr!.progress(50, 200);
    expect(within(dialog).getByText('Uploading your image… 25%')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Uploading…' }).hasAttribute('disabled')).toBe(true);
    xhr!.progress(200, 200);
    expect(within(dialog).getByText('Processing your image…')).toBeTruthy();

    xhr!.respond(200, { ...CHIP, additionalImageUrls: ['/media/b.png', '/media/c.png'] });
    expect(await within(list).findByRole('img', { name: 'Harbor Lights, image 3' })).toBeTruthy();
    expect(within(dialog).getByText(/\(2 of 10\)/)).toBeTruthy();
    expect(await screen.findByText('Image added')).toBeTruthy();
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it("says why an upload failed in the server's words, and checks the file before sending it", async () => {
    const { dialog, user } = setup();
    const input = within(dialog).getByLabelText(ADD_IMAGE_LABEL);
    await user.upload(input, png(MAX_IMAGE_BYTES + 1));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please select an image smaller than 10MB.');
    expect(FakeXhr.sent).toHaveLength(0);

    await user.upload(input, png());
    await user.click(within(dialog).getByRole('button', { name: 'Add image' }));
    FakeXhr.sent[0]!.respond(422, {
      code: 'UNPROCESSABLE',
      message: 'An Artchip can have at most 10 extra images.',
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'An Artchip can have at most 10 extra images.',
    );
    expect(within(dialog).getByRole('button', { name: 'Add image' }).hasAttribute('disabled')).toBe(false);
  });

  it('offers no upload once the chip has as many extra images as it may', () => {
    const full = { ...CHIP, additionalImageUrls: Array.from({ length: 10 }, (_, i) => `/media/${i}.png`) };
    const { dialog } = setup(full);
    expect(within(dialog).queryByLabelText(ADD_IMAGE_LABEL)).toBeNull();
    expect(within(dialog).getByText('This Artchip has the most extra images it can have (10).')).toBeTruthy();
  });
});
