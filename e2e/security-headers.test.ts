/** Security headers as the browser receives them (docs/security.md, threat 9). */
import { describe, expect } from 'vitest';
import { journey, journeysDisabled } from './journey';

const nonLeakingReferrerPolicies = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];

describe.skipIf(journeysDisabled)('security headers', () => {
  journey('the page forbids framing, MIME sniffing and leaking its address to other sites', async ({ page }) => {
    const response = await page.goto('/');
    if (!response) throw new Error('no response for /');
    expect(response.status(), 'GET / serves the app').toBe(200);
    const headers = await response.allHeaders();

    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
    expect(csp).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(nonLeakingReferrerPolicies).toContain(headers['referrer-policy']);
  });
});
