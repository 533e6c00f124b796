import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '#shared/media.schemas.ts';
import { checkImageFile } from './image-file.ts';

describe('checkImageFile', () => {
  it('accepts JPEG, PNG and GIF up to 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif']) {
      expect(checkImageFile({ type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
  });

  it('refuses other types with the spec message', () => {
    for (const type of ['image/webp', 'image/svg+xml', 'application/pdf', '']) {
      expect(checkImageFile({ type, size: 10 })).toEqual({
        title: 'Invalid file type',
        description: 'Please select an image file (JPEG, PNG, GIF).',
      });
    }
  });

  it('refuses files over 10 MB with the spec message', () => {
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 10MB.',
    });
  });
});
