import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin as PostcssPlugin } from 'postcss';
import { defineConfig } from 'vite';

const contractSrc = path.resolve(import.meta.dirname, '../contract/src');

/**
 * The app has one colour scheme, light (theme/LayoutProvider.tsx forces it): Mantine's rules for the
 * dark scheme are left out of every sheet.
 */
const lightOnly: PostcssPlugin = {
  postcssPlugin: 'moneybox-light-only',
  Rule(rule) {
    const kept = rule.selectors.filter((s) => !/data-mantine-color-scheme=["']?dark/.test(s));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  },
};

export default defineConfig({
  base: '/',
  plugins: [react()],
  css: { postcss: { plugins: [lightOnly] } },
  resolve: {
    // Subpath imports (`@moneybox/contract/layout`) reach the zod-free modules of the contract
    // directly, so the login page does not carry every request schema and zod with it.
    alias: [
      { find: /^@moneybox\/contract\/(.+)$/, replacement: `${contractSrc}/$1.ts` },
      { find: /^use-sync-external-store\/shim$/, replacement: path.resolve(import.meta.dirname, 'src/app/shims/use-sync-external-store.ts') },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
    // Every browser the counter runs (Chromium, and current Firefox and Safari) knows modulepreload:
    // the polyfill would be dead weight in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports loads with it anyway: one file, not a dozen shared chunks. The login
            // page served alone (app/LoginScreen.tsx) is among it: a first load of /pos/login fetches this
            // file, its CSS and three locale files (docs/WEB.md "Login page size").
            { name: 'index', tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    // ws: the live socket (/API/live) goes through the same proxy.
    proxy: { '/API': { target: 'http://127.0.0.1:8080', ws: true } },
  },
});
