// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChipDisc } from './chip-disc.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A desktop window: fine pointer, the given outer and inner widths and devicePixelRatio. */
function desktopWindow(outerWidth: number, innerWidth: number, devicePixelRatio: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: fine)' }));
  vi.stubGlobal('outerWidth', outerWidth);
  vi.stubGlobal('innerWidth', innerWidth);
  vi.stubGlobal('devicePixelRatio', devicePixelRatio);
}

function artwork(container: HTMLElement): HTMLImageElement {
  const img = container.querySelector('img');
  if (!img) throw new Error('no artwork');
  return img;
}

describe('ChipDisc', () => {
  it('is one labelled image with the artwork placed by the crop', () => {
    const { container } = render(
      <ChipDisc
        imageUrl="/media/a.png"
        alt="Sunrise, a round Artchip"
        shape="round"
        crop={{ x: 0.5, y: 0.5, zoom: 2, rotation: 90 }}
        imageAspect={1}
        size="200px"
      />,
    );
    const disc = screen.getByRole('img', { name: 'Sunrise, a round Artchip' });
    expect(disc.style.width).toBe('200px');
    expect(disc.dataset.shape).toBe('round');
    const img = artwork(container);
    // Decorative inside the labelled disc.
    expect(img.getAttribute('alt')).toBe('');
    expect(img.style.width).toBe('200%');
    expect(img.style.left).toBe('-50%');
    expect(img.style.transformOrigin).toBe('50% 50%');
    expect(img.style.transform).toBe('rotate(90deg)');
  });

  it('measures the image when its proportions are not given, and keeps the disc covered', () => {
    const { container } = render(
      <ChipDisc
        imageUrl="/media/wide.png"
        alt="Wide"
        shape="square"
        crop={{ x: 0, y: 0.5, zoom: 1, rotation: 0 }}
      />,
    );
    const img = artwork(container);
    Object.defineProperty(img, 'naturalWidth', { value: 800 });
    Object.defineProperty(img, 'naturalHeight', { value: 400 });
    fireEvent.load(img);
    // 2:1 at zoom 1 is two discs wide; the centre cannot go left of a quarter.
    expect(img.style.width).toBe('200%');
    expect(img.style.left).toBe('0%');
  });

  it('draws a square with rounded corners, a blank without artwork, and 54 mm at true size', () => {
    const { container } = render(<ChipDisc imageUrl={null} alt="Blank" shape="square" trueSize />);
    const disc = screen.getByRole('img', { name: 'Blank' });
    expect(disc.style.width).toBe('54mm');
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).toContain('border-radius: 11%');
  });

  it('undoes a desktop page zoom at true size, and nothing it cannot tell from the browser chrome', () => {
    // 125% page zoom on a 1× display: outer/inner = 1.25 and devicePixelRatio = 1 × 1.25.
    desktopWindow(1500, 1200, 1.25);
    render(<ChipDisc imageUrl={null} alt="Zoomed" shape="round" trueSize />);
    expect(screen.getByRole('img', { name: 'Zoomed' }).style.width).toBe('43.2mm');
    cleanup();
    // A side panel or an emulated viewport: the ratio is no zoom step, so nothing is undone.
    desktopWindow(500, 390, 1);
    render(<ChipDisc imageUrl={null} alt="Side panel" shape="round" trueSize />);
    expect(screen.getByRole('img', { name: 'Side panel' }).style.width).toBe('54mm');
    cleanup();
    // A 2× display at 100%: its scaling is the OS's, not a zoom.
    desktopWindow(1200, 1200, 2);
    render(<ChipDisc imageUrl={null} alt="Retina" shape="round" trueSize />);
    expect(screen.getByRole('img', { name: 'Retina' }).style.width).toBe('54mm');
  });

  it('turns over to the magnetic back', () => {
    const { container } = render(<ChipDisc imageUrl="/a.png" alt="Back of the chip" shape="round" flipped />);
    expect(container.innerHTML).toContain('rotateY(180deg)');
    expect(screen.getByRole('img', { name: 'Back of the chip' })).toBeTruthy();
  });
});
