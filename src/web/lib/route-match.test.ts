import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from './route-match.ts';

const layout: RouteObject = {
  children: [
    { path: '/', handle: 'home' },
    { path: '/marketplace', handle: 'marketplace' },
    { path: '/artchip/:username/:slug', handle: 'chip' },
    { path: '/gallery/:username', handle: 'gallery' },
    { path: '/siteadmin', handle: 'admin-login' },
    { path: '/siteadmin/customers/:id', handle: 'customer' },
    { path: '*', handle: 'not-found' },
  ],
};
const routes = [layout];

const pageAt = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.handle;

describe('matchRoutes', () => {
  it('matches a page inside its layout, layout first', () => {
    const matches = matchRoutes(routes, '/marketplace');
    expect(matches?.map((m) => m.route)).toEqual([layout, layout.children![1]]);
  });

  it('reads params, decoded', () => {
    expect(matchRoutes(routes, '/artchip/May%20Ker/night-sky')?.at(-1)?.params).toEqual({
      username: 'May Ker',
      slug: 'night-sky',
    });
  });

  it('keeps an encoded slash inside a param', () => {
    expect(matchRoutes(routes, '/gallery/a%2Fb')?.at(-1)?.params).toEqual({ username: 'a/b' });
  });

  it('leaves a malformed segment as it is', () => {
    expect(matchRoutes(routes, '/gallery/%E0%A4%A')?.at(-1)?.params).toEqual({ username: '%E0%A4%A' });
  });

  it('ignores case and trailing slashes, as React Router does', () => {
    expect(pageAt('/Marketplace/')).toBe('marketplace');
    expect(pageAt('/')).toBe('home');
  });

  it('prefers static segments over params and anything over the splat, whatever the order', () => {
    const shuffled = [{ children: [...layout.children!].reverse() }];
    expect(matchRoutes(shuffled, '/siteadmin')?.at(-1)?.route.handle).toBe('admin-login');
    expect(matchRoutes(shuffled, '/siteadmin/customers/4')?.at(-1)?.route.handle).toBe('customer');
    expect(matchRoutes(shuffled, '/')?.at(-1)?.route.handle).toBe('home');
  });

  it('sends the rest to the splat, with the rest as its param', () => {
    expect(pageAt('/gallery')).toBe('not-found');
    expect(pageAt('/artchip/one')).toBe('not-found');
    expect(matchRoutes(routes, '/no/such/page')?.at(-1)?.params).toEqual({ '*': 'no/such/page' });
  });

  it('answers null when nothing matches and there is no splat', () => {
    expect(matchRoutes([{ path: '/faq' }], '/marketplace')).toBeNull();
  });

  it('joins a relative child path to its parent', () => {
    const nested = [{ path: '/admin', children: [{ path: 'orders/:id', handle: 'order' }] }];
    expect(matchRoutes(nested, '/admin/orders/7')?.at(-1)).toMatchObject({
      route: { handle: 'order' },
      params: { id: '7' },
    });
    expect(matchRoutes(nested, '/admin')?.length).toBe(1);
  });
});
