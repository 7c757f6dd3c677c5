import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8081';

export default defineConfig({
  plugins: [
    react(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false, // public/manifest.webmanifest is the project's own, linked from index.html
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'] },
      // Dev serves the worker at /dev-sw.js?dev-sw; src/pwa/register.ts registers it only with ?sw in the URL.
      devOptions: { enabled: true, type: 'module', navigateFallback: 'index.html' },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/admin': apiTarget,
      '/ws': { target: apiTarget, ws: true },
    },
  },
  preview: { port: 4173 },
  // No source maps in the build: the site is public and the server refuses *.map anyway.
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page needs at start share one chunk (fewer requests, one gzip stream);
          // those used later (STOMP, workbox-window, the inspector) stay in chunks of their own.
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|@tanstack|@lingui|use-sync-external-store)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.ts', 'tests/ui/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
