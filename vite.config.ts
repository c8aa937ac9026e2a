import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY, META_CONTENT_SECURITY_POLICY } from './electron/app-origin';

// The built page carries the app's policy as a meta tag too, so `npm run web` runs under it.
// Only at build: the dev server injects its styles inline.
const cspMeta: Plugin = {
  name: 'gm-screen-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: META_CONTENT_SECURITY_POLICY }, injectTo: 'head' },
  ],
};

// The renderer is built into dist/ at the project root, where the Electron main process serves it
// from the app:// protocol and `npm run web` serves it on localhost.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte(), cspMeta],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: { host: '127.0.0.1' },
  // `npm run web` serves the build with the desktop app's policy as a header, which (unlike the
  // meta tag) can also forbid framing the page: `frame-ancestors 'none'`.
  preview: { host: '127.0.0.1', headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } },
});
