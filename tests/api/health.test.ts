import { describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '#shared/errors.ts';
import { buildTestApp } from '#tests/helpers/app.ts';

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: expect.stringMatching(/pglite|postgres/) });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with the error shape', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(ApiErrorSchema.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('sends security headers and a CSP without inline scripts', async () => {
    const app = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    // The same on answers from the public cache and on errors.
    await app.inject({ method: 'GET', url: '/api/artchip/stats' });
    const hit = await app.inject({ method: 'GET', url: '/api/artchip/stats' });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['content-security-policy']).toBe(csp);
    const missing = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(missing.headers['content-security-policy']).toBe(csp);
  });
});
