/**
 * The operator console (issue 22): its own page (admin.html, served at /admin) and bundle, built after the
 * member site into the same dist/ (`npm run build`). A build of its own, not a second input of the member
 * site's: one build shares modules between its pages, and the member site's start chunk (vite.config.ts,
 * `startModules`) would then carry the console's share of React, the router and Lingui, and the console
 * would load the member app's start modules with them. Its files are all `assets/console-*`, so the member
 * site's service worker (whose precache list the member build wrote before these existed) never holds them.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

export default defineConfig({
  plugins: [
    react(),
    lingui(),
    {
      // Like the member site (vite.config.ts, productionBuild): always React's production bundle.
      name: 'production-build',
      apply: 'build',
      config() {
        process.env.NODE_ENV = 'production';
      },
    },
  ],
  resolve: {
    alias: [{ find: /^use-sync-external-store\/shim(\/with-selector)?(\.js)?$/, replacement: 'use-sync-external-store$1' }],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: false,
    emptyOutDir: false,
    // One bundle for a desktop back office behind a sign-in (React, the router, Query, Table, zod and every screen).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: 'admin.html',
      output: {
        entryFileNames: 'assets/console-[hash].js',
        chunkFileNames: 'assets/console-[name]-[hash].js',
        assetFileNames: 'assets/console-[name]-[hash][extname]',
      },
    },
  },
});
