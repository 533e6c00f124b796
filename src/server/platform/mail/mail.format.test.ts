import { describe, expect, it } from 'vitest';
import { absoluteUrl, greetingName, mailImageUrl } from './mail.format.ts';

describe('greetingName', () => {
  it('prefers the first name, then the username, then "there"', () => {
    expect(greetingName({ firstName: 'Ada', username: 'ada_l' })).toBe('Ada');
    expect(greetingName({ firstName: ' ', username: 'ada_l' })).toBe('ada_l');
    expect(greetingName({ firstName: null, username: null })).toBe('there');
    expect(greetingName(null)).toBe('there');
  });
});

describe('absoluteUrl', () => {
  it('resolves stored media paths against PUBLIC_URL and keeps absolute URLs', () => {
    expect(absoluteUrl('https://artchip.example', '/media/a.png')).toBe(
      'https://artchip.example/media/a.png',
    );
    expect(absoluteUrl('https://artchip.example/', '/media/a.png')).toBe(
      'https://artchip.example/media/a.png',
    );
    expect(absoluteUrl('https://artchip.example', 'https://cdn.example/a.png')).toBe(
      'https://cdn.example/a.png',
    );
  });
});

describe('mailImageUrl', () => {
  it('picks the smallest variant sharp at the mail’s size, else the main image', () => {
    const imageVariants = [
      { width: 1600, url: '/media/1600.webp' },
      { width: 320, url: '/media/320.webp' },
      { width: 640, url: '/media/640.webp' },
    ];
    expect(mailImageUrl({ imageUrl: '/media/1600.webp', imageVariants })).toBe('/media/640.webp');
    expect(
      mailImageUrl({ imageUrl: '/media/x.webp', imageVariants: [{ width: 320, url: '/media/320.webp' }] }),
    ).toBe('/media/320.webp');
    expect(mailImageUrl({ imageUrl: '/media/main.png', imageVariants: [] })).toBe('/media/main.png');
    expect(mailImageUrl(null)).toBeNull();
  });
});
