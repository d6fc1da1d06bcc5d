import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractSrc = path.resolve(import.meta.dirname, '../contract/src');

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    // Subpath imports (`@moneybox/contract/layout`) reach the zod-free modules of the contract
    // directly, so the login page does not carry every request schema and zod with it.
    alias: [{ find: /^@moneybox\/contract\/(.+)$/, replacement: `${contractSrc}/$1.ts` }],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports loads with it anyway: one file, not a dozen shared chunks.
            { name: 'index', tags: ['$initial'], priority: 2 },
            // The login page served alone (app/LoginScreen.tsx) and what it needs beyond the entry, in
            // one chunk: a first load of /pos/login fetches three files (docs/WEB.md "Login page size").
            { name: 'login', test: /src[\\/](app[\\/]LoginScreen|layouts[\\/](LoginLayout|LanguagePicker)|features[\\/]login[\\/])/, priority: 1 },
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
