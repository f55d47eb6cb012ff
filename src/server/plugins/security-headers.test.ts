import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { securityHeaders } from './security-headers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it.each(['/api/health', '/api/auth/user', '/api/nao-existe'])(
    '%s carries the CSP and the other helmet headers',
    async (url) => {
      const res = await t.request({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('nonce-');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('adds HSTS and upgrade-insecure-requests when asked (https deployments)', () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
      strictTransportSecurity: true,
    });
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it("allows the bucket's origin for images and media when files are stored in S3 (with or without S3_PUBLIC_URL)", async () => {
    const s3 = await createTestApp({
      STORAGE: 's3',
      S3_BUCKET: 'clube',
      S3_ENDPOINT: 'https://s3.exemplo.com',
      S3_ACCESS_KEY_ID: 'chave',
      S3_SECRET_ACCESS_KEY: 'segredo',
      S3_FORCE_PATH_STYLE: 'false',
    });
    try {
      const csp = String(
        (await s3.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      expect(csp).toMatch(/img-src [^;]*https:\/\/clube\.s3\.exemplo\.com/);
      expect(csp).toMatch(/media-src [^;]*https:\/\/clube\.s3\.exemplo\.com/);
    } finally {
      await s3.close();
    }
    const local = String(
      (await t.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(local).toMatch(/img-src 'self' data: blob:;/);
  });
});
