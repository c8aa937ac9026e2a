import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../electron/app-origin';

// Issue 14: `npm run web` (vite preview of the build) sends the app's policy as a header, which can
// forbid framing the page; the meta tag alone comes after the scripts and can't.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('the web build as `npm run web` serves it', () => {
  it("sends the Content-Security-Policy header with frame-ancestors 'none'", async () => {
    const port = await freePort();
    const preview = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
    try {
      let response: Response | null = null;
      for (let i = 0; i < 100 && !response; i++) {
        response = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
        if (!response) await new Promise((r) => setTimeout(r, 200));
      }
      expect(response?.status).toBe(200);
      expect(response?.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    } finally {
      if (preview.pid) process.kill(-preview.pid);
    }
  });
});
