// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { clampCrop, DEFAULT_CROP, type ChipCrop } from '#shared/chip-crop.ts';
import { MintStudio } from './mint-studio.tsx';

afterEach(cleanup);

/** The studio with its crop held and clamped as the mint dialog does. */
function Harness({ width, height }: { width: number; height: number }) {
  const [crop, setCrop] = useState<ChipCrop>(DEFAULT_CROP);
  const aspect = width / height;
  return (
    <MintStudio
      imageUrl="/a.png"
      aspect={aspect}
      shape="round"
      crop={crop}
      title="Test"
      imageSize={{ width, height }}
      onCropChange={(update) => setCrop((c) => clampCrop(update(c), { aspect, shape: 'round' }))}
      onReset={() => setCrop(DEFAULT_CROP)}
    />
  );
}

function sharpness(): HTMLElement {
  return screen.getByText(/prints look sharp from 300 dpi/).closest('[data-quality]') as HTMLElement;
}

describe('the mint studio print sharpness note', () => {
  it('warns strongly about a 200×150 image, with the print size explained', () => {
    render(<Harness width={200} height={150} />);
    const note = sharpness();
    expect(note.dataset.quality).toBe('blurry');
    expect(note.textContent).toContain('Too low resolution: this will print blurred (200×150 px)');
    expect(note.textContent).toContain(
      'This picture gives about 71 dpi at 54 mm; prints look sharp from 300 dpi.',
    );
  });

  it('says a large image is sharp, then warns as the zoom takes it under 300 dpi and 150 dpi', () => {
    render(<Harness width={1000} height={1000} />);
    expect(sharpness().dataset.quality).toBe('sharp');
    expect(sharpness().textContent).toContain('about 470 dpi');
    fireEvent.change(screen.getByLabelText(/^Zoom/), { target: { value: '2' } });
    expect(sharpness().dataset.quality).toBe('soft');
    expect(sharpness().textContent).toContain('Low resolution');
    expect(sharpness().textContent).toContain('about 235 dpi');
    fireEvent.change(screen.getByLabelText(/^Zoom/), { target: { value: '4' } });
    expect(sharpness().dataset.quality).toBe('blurry');
    expect(sharpness().textContent).toContain('about 118 dpi');
  });
});
