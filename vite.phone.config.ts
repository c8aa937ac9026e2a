import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';
import { PHONE_META_CONTENT_SECURITY_POLICY } from './renderer/src/phone/policy';

// The phone page (issue 44): a page of its own, built into dist/phone/, which the GM's laptop
// serves to the players' phones under the table's join code (`/<code>/`). Every asset URL is
// relative (`base: './'`), so the page works under whatever code it is served at. It is built
// after the app's renderer (vite.config.ts empties dist/ first).

// The server's policy as a meta tag too, so the page keeps to it wherever it is served.
const cspMeta: Plugin = {
  name: 'gm-screen-phone-csp-meta',
  apply: 'build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: PHONE_META_CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' }],
};

export default defineConfig({
  root: 'renderer/phone',
  base: './',
  publicDir: false,
  plugins: [svelte(), cspMeta],
  build: {
    outDir: '../../dist/phone',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: { host: '127.0.0.1' },
});
