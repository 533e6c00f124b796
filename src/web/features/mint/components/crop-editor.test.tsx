// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { clampCrop, DEFAULT_CROP, describeCrop, type ChipCrop } from '#shared/chip-crop.ts';
import { CropEditor } from './crop-editor.tsx';

afterEach(cleanup);

/** The editor with its crop held and clamped as the mint dialog does, the placement in words. */
function Harness() {
  const [crop, setCrop] = useState<ChipCrop>(DEFAULT_CROP);
  return (
    <>
      <CropEditor
        imageUrl="/a.png"
        aspect={1}
        shape="round"
        crop={crop}
        onCropChange={(update) => setCrop((c) => clampCrop(update(c), { aspect: 1, shape: 'round' }))}
      />
      <output role="status">{describeCrop(crop)}</output>
    </>
  );
}

function setup() {
  render(<Harness />);
  const stage = screen.getByRole('group', { name: 'Artwork placement' });
  const disc = screen.getByTestId('crop-disc');
  // jsdom lays nothing out: the disc is 200 px across.
  disc.getBoundingClientRect = () => ({ width: 200, height: 200 }) as DOMRect;
  return { stage, placement: () => screen.getByRole('status').textContent };
}

const pointer = (pointerId: number, clientX: number, clientY: number) => ({ pointerId, clientX, clientY });

describe('CropEditor', () => {
  it('pinches to zoom, then drags the artwork with one pointer', () => {
    const { stage, placement } = setup();
    fireEvent.pointerDown(stage, pointer(1, 100, 100));
    fireEvent.pointerDown(stage, pointer(2, 150, 100));
    fireEvent.pointerMove(stage, pointer(2, 200, 100));
    expect(placement()).toBe('zoom 2.0×, upright, centre at 50% across and 50% down');
    fireEvent.pointerUp(stage, pointer(2, 200, 100));
    // Dragging 50 px right over a 200 px disc moves the image a quarter disc: an eighth of it at zoom 2.
    fireEvent.pointerMove(stage, pointer(1, 150, 100));
    expect(placement()).toBe('zoom 2.0×, upright, centre at 38% across and 50% down');
  });

  it('zooms with the wheel and moves, zooms and turns from the keyboard', () => {
    const { stage, placement } = setup();
    fireEvent.wheel(stage, { deltaY: -347 });
    expect(placement()).toBe('zoom 2.0×, upright, centre at 50% across and 50% down');
    fireEvent.keyDown(stage, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(stage, { key: '-' });
    fireEvent.keyDown(stage, { key: ']', shiftKey: true });
    expect(placement()).toBe('zoom 1.8×, turned 15°, centre at 50% across and 45% down');
  });
});
