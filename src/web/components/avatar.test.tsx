// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Avatar, initialsOf } from './avatar.tsx';

afterEach(cleanup);

describe('initialsOf', () => {
  it('takes the first letters of the first two words, or the first letter of one', () => {
    expect(initialsOf('sample-artist')).toBe('SA');
    expect(initialsOf('cool_collector_99')).toBe('CC');
    expect(initialsOf('maker')).toBe('M');
    expect(initialsOf('élodie.rose')).toBe('ÉR');
    expect(initialsOf('__')).toBe('?');
  });
});

describe('Avatar', () => {
  it('shows the profile image, decorative beside the name', () => {
    const { container } = render(<Avatar username="maker" imageUrl="/media/me.webp" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/media/me.webp');
    expect(img.getAttribute('alt')).toBe('');
  });

  it('shows initials, hidden from screen readers, in the same colour for the same name', () => {
    const first = render(<Avatar username="sample-artist" imageUrl={null} />).container.firstElementChild!;
    expect(first.textContent).toBe('SA');
    expect(first.getAttribute('aria-hidden')).toBe('true');
    const again = render(<Avatar username="Sample-Artist" imageUrl={undefined} />).container
      .firstElementChild!;
    const colour = (el: Element) => el.className.split(' ').find((c) => c.startsWith('bg-'));
    expect(colour(again)).toBe(colour(first));
  });
});
