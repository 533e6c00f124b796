// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { pathOf, rememberReturnPath, safeReturnPath, takeReturnPath, withReturnTo } from './return-to.ts';
import { STORAGE_KEYS } from './storage.ts';

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnPath('/artchip/ada/night-sky')).toBe('/artchip/ada/night-sky');
    expect(safeReturnPath('/marketplace?q=moon&sort=new#grid')).toBe('/marketplace?q=moon&sort=new#grid');
    expect(safeReturnPath('/gallery/May%20Ker')).toBe('/gallery/May%20Ker');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses other sites, however they are spelled', () => {
    for (const raw of [
      'https://evil.example/',
      'http://evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /marketplace',
      'javascript:alert(1)',
      'data:text/html,hi',
      'evil.example',
      'marketplace',
    ]) {
      expect(safeReturnPath(raw), raw).toBeNull();
    }
  });

  it('refuses the account screens, which would loop', () => {
    for (const raw of [
      '/login',
      '/login?next=/x',
      '/Signup',
      '/signup/',
      '/check-email?email=a',
      '/verify-email',
      '/welcome',
      '/thank-you',
    ]) {
      expect(safeReturnPath(raw), raw).toBeNull();
    }
    expect(safeReturnPath('/set-password?token=abc')).toBeNull();
  });

  it('refuses nothing, and over-long values', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(2000)}`)).toBeNull();
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnPath('/a/../marketplace')).toBe('/marketplace');
    expect(safeReturnPath('/../../etc')).toBe('/etc');
  });
});

describe('withReturnTo', () => {
  it('adds next= for a safe path, encoded', () => {
    expect(withReturnTo('/login', '/artchip/ada/night-sky?x=1')).toBe(
      '/login?next=%2Fartchip%2Fada%2Fnight-sky%3Fx%3D1',
    );
  });

  it('leaves it out for the home page and for unsafe or missing paths', () => {
    expect(withReturnTo('/login', '/')).toBe('/login');
    expect(withReturnTo('/login', '//evil.example')).toBe('/login');
    expect(withReturnTo('/signup', '/login')).toBe('/signup');
    expect(withReturnTo('/signup', null)).toBe('/signup');
  });
});

describe('pathOf', () => {
  it('joins path, query and hash', () => {
    expect(pathOf({ pathname: '/marketplace', search: '?q=a', hash: '#top' })).toBe('/marketplace?q=a#top');
  });
});

describe('remembered return path', () => {
  afterEach(() => window.localStorage.clear());

  it('is used once', () => {
    rememberReturnPath('/artchip/ada/night-sky');
    expect(takeReturnPath()).toBe('/artchip/ada/night-sky');
    expect(takeReturnPath()).toBeNull();
  });

  it('never stores an unsafe path, and checks what it reads again', () => {
    rememberReturnPath('https://evil.example');
    expect(window.localStorage.getItem(STORAGE_KEYS.returnTo)).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.returnTo, '//evil.example');
    expect(takeReturnPath()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.returnTo)).toBeNull();
  });
});
