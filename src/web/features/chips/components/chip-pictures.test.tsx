// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { buildChip } from '#web/lib/testing.tsx';
import { ArtViewer } from './art-viewer.tsx';
import { ChipObject } from './chip-object.tsx';

afterEach(cleanup);

const CROP = { x: 0.3, y: 0.4, zoom: 2, rotation: 90 };

/** The artwork's image inside the chip's disc. */
function discArtwork(): HTMLImageElement {
  const disc = screen.getByRole('img', { name: /as a square resin Artchip$/ });
  return disc.querySelector('img')!;
}

describe('ChipObject', () => {
  it('shows a placed disc as it is: the server has already applied the crop', () => {
    render(
      <ChipObject
        chip={buildChip({
          shape: 'square',
          crop: CROP,
          imagePlaced: true,
          imageWidth: 600,
          imageHeight: 400,
        })}
      />,
    );
    expect(discArtwork().style).toMatchObject({ left: '0%', top: '0%', width: '100%', height: '100%' });
    expect(discArtwork().style.transform).toBe('rotate(0deg)');
  });

  it('places bare artwork by its crop while no disc is made', () => {
    render(
      <ChipObject
        chip={buildChip({
          shape: 'square',
          crop: CROP,
          imagePlaced: false,
          imageWidth: 600,
          imageHeight: 400,
        })}
      />,
    );
    // Zoom 2 of a 3:2 image: 300% × 200% of the disc, turned as placed.
    expect(discArtwork().style).toMatchObject({ width: '300%', height: '200%' });
    expect(discArtwork().style.transform).toBe('rotate(90deg)');
  });
});

describe('ArtViewer', () => {
  it('shows the photographs of the made chip before the extra images', () => {
    const chip = buildChip({
      title: 'Resin',
      photos: [
        {
          id: 1,
          url: '/media/p1.webp',
          variants: [{ width: 320, url: '/media/p1-320.webp' }],
          width: 900,
          height: 600,
        },
      ],
      additionalImageUrls: ['/media/extra.png'],
    });
    render(<ArtViewer chip={chip} />);
    const photos = screen.getByRole('list', { name: 'Photographs of this chip' });
    expect(within(photos).getByRole('img', { name: 'Resin, photograph 1' })).toHaveProperty(
      'src',
      expect.stringMatching(/\/media\/p1-320\.webp$/),
    );
    const lists = screen.getAllByRole('list').map((l) => l.getAttribute('aria-label'));
    expect(lists).toEqual(['Photographs of this chip', 'More images']);
  });
});
