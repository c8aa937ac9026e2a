import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './app-origin';
import { handleAppRequest, mimeTypeOf, resolveAppUrl } from './app-protocol';

let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'gm-screen-protocol-'));
  root = path.join(base, 'dist');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>GM</title>');
  await writeFile(path.join(root, 'assets', 'app-1a2b.js'), 'console.log(1)');
  await writeFile(path.join(root, 'assets', 'app.css'), 'body{}');
  await writeFile(path.join(root, 'assets', 'icon.svg'), '<svg/>');
  await writeFile(path.join(root, 'assets', 'font.woff2'), 'woff2');
  await writeFile(path.join(root, 'assets', 'a b.png'), 'png');
  // The files an attacker would want: next to dist/ and elsewhere.
  await writeFile(path.join(base, 'secret.txt'), 'SECRET');
  await mkdir(path.join(base, 'dist-evil'));
  await writeFile(path.join(base, 'dist-evil', 'x.txt'), 'SECRET');
  await symlink(path.join(base, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (url: string, method = 'GET') => handleAppRequest({ url, method }, root);

describe('handleAppRequest', () => {
  it.each([
    ['app://gm-screen/', 'text/html; charset=utf-8', '<!doctype html><title>GM</title>'],
    ['app://gm-screen', 'text/html; charset=utf-8', '<!doctype html><title>GM</title>'],
    ['app://gm-screen/index.html?player=1#top', 'text/html; charset=utf-8', '<!doctype html><title>GM</title>'],
    ['app://gm-screen/assets/app-1a2b.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
    ['app://gm-screen/assets/app.css', 'text/css; charset=utf-8', 'body{}'],
    ['app://gm-screen/assets/icon.svg', 'image/svg+xml', '<svg/>'],
    ['app://gm-screen/assets/font.woff2', 'font/woff2', 'woff2'],
    ['app://gm-screen/assets/a%20b.png', 'image/png', 'png'],
  ])('serves %s as %s', async (url, type, body) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(body);
  });

  it('answers HEAD without a body', async () => {
    const response = await get('app://gm-screen/index.html', 'HEAD');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('refuses other methods', async () => {
    expect((await get('app://gm-screen/index.html', 'POST')).status).toBe(405);
  });

  it.each([
    'app://gm-screen/missing.html',
    'app://gm-screen/assets',
    // The URL parser folds these dot segments (plain and %2e) into /secret.txt inside the root.
    'app://gm-screen/../secret.txt',
    'app://gm-screen/assets/../../secret.txt',
    'app://gm-screen/%2e%2e/secret.txt',
    'app://gm-screen/%2E%2E/%2e%2e/secret.txt',
    'app://gm-screen/.%2e/secret.txt',
    // Decoded once only: this is a (missing) file literally named "..%2fsecret.txt".
    'app://gm-screen/..%252fsecret.txt',
  ])('answers 404 for %s', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await response.text()).not.toContain('SECRET');
  });

  it.each([
    // Encoded slashes and backslashes survive URL parsing and would climb out once decoded.
    'app://gm-screen/..%2fsecret.txt',
    'app://gm-screen/%2e%2e%2fsecret.txt',
    'app://gm-screen/assets/..%2f..%2fsecret.txt',
    'app://gm-screen/..%5csecret.txt',
    'app://gm-screen/%2e%2e%5c%2e%2e%5csecret.txt',
    'app://gm-screen/%2fetc%2fpasswd',
    'app://gm-screen//etc/passwd',
    `app://gm-screen/${encodeURIComponent('/etc/passwd')}`,
    'app://gm-screen/C:/Windows/win.ini',
    'app://gm-screen/index.html%00.png',
    'app://gm-screen/%E0%A4%A',
    'app://gm-screen/assets/link.txt',
    'app://other-host/index.html',
    'app://gm-screen.evil/index.html',
    'app://gm-screen:8080/index.html',
    'file:///etc/passwd',
    'https://gm-screen/index.html',
  ])('answers 403 for %s', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(403);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await response.text()).not.toContain('SECRET');
  });

  it('does not treat a sibling folder with the same prefix as inside', () => {
    const resolution = resolveAppUrl('app://gm-screen/index.html', root);
    expect(resolution).toEqual({ ok: true, filePath: path.join(root, 'index.html') });
    expect(resolveAppUrl('app://gm-screen/..%2fdist-evil%2fx.txt', root).ok).toBe(false);
  });
});

describe('mimeTypeOf', () => {
  it('knows the common types and falls back to octet-stream', () => {
    expect(mimeTypeOf('a/B.HTML')).toBe('text/html; charset=utf-8');
    expect(mimeTypeOf('x.mjs')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeOf('x.json')).toBe('application/json; charset=utf-8');
    expect(mimeTypeOf('x.wasm')).toBe('application/wasm');
    expect(mimeTypeOf('x.unknown')).toBe('application/octet-stream');
    expect(mimeTypeOf('Makefile')).toBe('application/octet-stream');
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  it('is the strict policy SECURITY.md states: nothing by default, then scripts, styles and images from the app', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; base-uri 'none'; frame-ancestors 'none'",
    );
  });
});
