import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, MOBILE_MAX_WIDTH, TOKEN_COOKIE } from './contract/constants';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8081';

/**
 * The libraries every page needs at start. Not TanStack Query, which comes with the screens that read
 * member data (src/data/QueryLayer.tsx), nor ky, which comes with the first member call (src/api/client.ts):
 * a guest's first visit to / loads neither.
 */
const startLibraries = /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|@tanstack[\\/](?!react-query|query-core)[^\\/]+|@lingui[\\/][^\\/]+|use-sync-external-store)[\\/]/;

/**
 * Of crypto-js, the modules the envelope's AES runs (contract/envelope.ts): the fairness checks' SHA-256 and
 * HMAC (vendor/fair.ts) come with the verifier's page only.
 */
const envelopeCrypto = /node_modules[\\/]crypto-js[\\/](core|enc-utf8|cipher-core|aes)\.js$/;

/**
 * Our own modules every visitor's first paint needs on either tree (the session, the API client, the
 * data layer, the header and footer parts both shells share), by path without the extension.
 */
const startModules = [
  'src/main', 'src/nextTask', 'contract/callPaths', 'contract/envelope', 'contract/codeBasics', 'contract/constants', 'contract/cookies', 'contract/wallet',
  'machines/answeredCode', 'machines/session', 'machines/siteCheck', 'machines/notProvided',
  'src/api/', 'src/realtime/events', ...['register', 'UpdatePrompt', 'OfflineBanner', 'messages', 'usePwaState'].map((name) => `src/pwa/${name}`), 'src/i18n/index', 'src/i18n/catalogs', 'src/i18n/localeCookie', 'src/i18n/format',
  'src/data/api', 'src/data/keys', 'src/data/loaded', 'src/data/siteReads', 'src/data/DataProvider',
  'src/app/Providers', 'src/app/SessionNotices', 'src/app/ErrorBoundary', 'src/app/actors', 'src/app/memberShell', 'src/session/context',
  'src/prompts/authPrompt', 'src/app/navigation', 'src/app/sessionLogic', 'src/app/siteCheckLogic', 'src/inspector',
  'src/routes/screens', 'src/routes/routeSync', 'src/routes/guards', 'src/routes/shared', 'src/routes/useMenu',
  'src/routes/useTree', 'src/routes/MenuEntry', 'src/routes/memberOnly',
  'src/ui/alerts', 'src/ui/Button', 'src/ui/Modal', 'src/ui/AlertHost', 'src/ui/dayRange', 'src/ui/Money', 'src/ui/DateText', 'src/ui/playingCard',
  ...['GuestButtons', 'LanguageSwitcher', 'memberLayer', 'SiteLogo', 'gameMenu', 'useGameMenu',
    'GameMenuGroups', 'SiteMenu', 'SiteFooter'].map((name) => `src/features/layout/${name}`),
];

function isStartModule(id: string): boolean {
  const path = id.replaceAll('\\', '/');
  if (startLibraries.test(path) || envelopeCrypto.test(path)) return true;
  const module = /\.tsx?$/.test(path) ? path.replace(/\.tsx?$/, '') : null;
  return module !== null && startModules.some((start) => (start.endsWith('/') ? module.includes(`/${start}`) : module.endsWith(`/${start}`)));
}

/**
 * The envelope (contract/envelope.ts) gives crypto-js's AES its key and IV, so no passphrase is ever derived:
 * crypto-js's AES and cipher core still require its key derivation (EvpKDF, which requires MD5, SHA-1 and HMAC),
 * MD5 and the base64 of OpenSSL's passphrase format (the envelope uses the platform's), and the browser build
 * gets an empty module for those requires (about 1.8 kB of a guest's first visit). tests/unit/envelope.test.ts and the e2e specs open real answers.
 */
function cryptoJsWithoutUnusedHashes(): Plugin {
  const EMPTY = '\0crypto-js-unused';
  return {
    name: 'crypto-js-without-unused-hashes',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /crypto-js[\\/](aes|cipher-core)\.js$/.test(importer) && ['./md5', './evpkdf', './enc-base64'].includes(source)) return EMPTY;
      return null;
    },
    load: (id) => (id === EMPTY ? 'module.exports = {};' : null),
  };
}

/**
 * Where a first paint starts: the entry, both trees and their shells (loaded lazily), the shell's member
 * parts (a member's first paint), the main page and its game areas.
 */
const FIRST_PAINT_ENTRIES = [
  'src/main.tsx', 'src/routes/desktop.tsx', 'src/routes/mobile.tsx', 'src/routes/DesktopShell.tsx', 'src/routes/MobileShell.tsx',
  'src/features/layout/memberParts.ts', 'src/features/messages/NewMessagePopup.tsx', 'src/features/main/MainPage.tsx', 'src/features/main/GameAreas.tsx',
];

/** Every source file a first paint runs: the entries and what they import statically (not type-only), followed to the end. */
function firstPaintSources(root: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(join(root, file), 'utf8');
    for (const [, spec] of source.matchAll(/^\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)) {
      const base = join(dirname(file), spec!);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => /\.tsx?$/.test(path) && existsSync(join(root, path)));
      if (found) visit(found);
    }
  };
  FIRST_PAINT_ENTRIES.forEach(visit);
  return [...seen];
}

/**
 * Splits each catalog in two (src/i18n/catalogs.ts): `messages.po?part=firstPaint` holds the texts the
 * first paint can show (every id written in a file it runs, and the ids it builds at run time), and
 * `?part=rest` everything else, which screens and dialogs load before they show (i18n loadAllMessages).
 * The compiling is @lingui/vite-plugin's own, run on the whole catalog, then cut.
 */
function splitCatalogs(): Plugin {
  const compile = lingui().find((plugin) => plugin.name === 'vite-plugin-lingui')!.transform as (this: unknown, src: string, id: string) => Promise<{ code: string }>;
  let firstPaint: { ids: Set<string>; prefixes: string[] } | null = null;
  const isFirstPaint = (id: string, root: string) => {
    if (!firstPaint) {
      const sources = firstPaintSources(root).map((file) => readFileSync(join(root, file), 'utf8'));
      // Every string written in those files that has a message id's shape, whatever its namespace (front., api.,
      // mini., ...): a menu label such as 'mini.results.title' is first-paint text like any other.
      firstPaint = {
        ids: new Set(sources.flatMap((source) => [...source.matchAll(/['"`]([a-z]+(?:\.[\w-]+)+)['"`]/g)].map((m) => m[1]!))),
        // Ids built at run time (`front.live.win.${winner}`, `front.menu.${category}`): every id under the literal
        // part, when it names a group (a bare `api.${code}` is an answer's text, shown after the rest has loaded).
        prefixes: sources.flatMap((source) => [...source.matchAll(/`([a-z]+\.\w+\.[\w.-]*)\$\{/g)].map((m) => m[1]!)),
      };
    }
    return firstPaint.ids.has(id) || firstPaint.prefixes.some((prefix) => id.startsWith(prefix));
  };
  return {
    name: 'split-catalogs',
    async transform(src, id) {
      const match = /^(.*\.po)\?part=(firstPaint|rest)$/.exec(id);
      if (!match) return null;
      const { code } = await compile.call(this, src, match[1]!);
      const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code);
      if (!literal) throw new Error(`split-catalogs: unexpected compiled catalog for ${match[1]}`);
      const messages = JSON.parse(JSON.parse(literal[1]!) as string) as Record<string, unknown>;
      const root = process.cwd();
      const wanted = match[2] === 'firstPaint';
      const part = Object.fromEntries(Object.entries(messages).filter(([key]) => isFirstPaint(key, root) === wanted));
      return { code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(part))});`, map: null, moduleType: 'js' };
    },
  };
}

/**
 * Vite wraps every lazy import in a helper that first loads the stylesheets of the chunks it brings (its
 * module preloading is off: `modulePreload: false`, the first-chunks script preloads instead). Vite's own
 * helper also preloads scripts, reads a CSP nonce and raises `vite:preloadError`, none of which the site
 * uses: this one links each stylesheet once (not when a link to it is already there, as the prerendered
 * pages have), waits for it, then imports. A stylesheet that fails to load rejects the import with Vite's
 * error (and is tried again next time), a chunk that fails rejects it with the browser's, as before
 * (src/routes/lazyComponent.ts). About 0.55 kB less gzipped on every first load: the entry imports the app
 * through it.
 */
function lightPreloadHelper(): Plugin {
  const HELPER = '\0vite/preload-helper.js';
  const code = `const seen = {};
export const __vitePreload = (load, deps) => !deps || deps.length === 0 ? load() : Promise.all(deps.map((dep) => {
  const href = new URL('/' + dep, location.href).href;
  return seen[href] ??= [...document.getElementsByTagName('link')].some((link) => link.rel === 'stylesheet' && link.href === href)
    ? Promise.resolve()
    : new Promise((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.onload = resolve;
      link.onerror = () => { delete seen[href]; link.remove(); reject(new Error('Unable to preload CSS for ' + href)); };
      document.head.appendChild(link);
    });
})).then(load);`;
  return {
    name: 'light-preload-helper',
    apply: 'build',
    enforce: 'pre',
    load: (id) => (id === HELPER ? code : null),
  };
}

/**
 * The site is always built for production. Vite builds for development when the shell has NODE_ENV set to
 * anything but production (`NODE_ENV=development npm start`): React's development bundle, and a client
 * whose import.meta.env.DEV registers no service worker. NODE_ENV is the server's setting (README).
 */
function productionBuild(): Plugin {
  return {
    name: 'production-build',
    apply: 'build',
    config() {
      process.env.NODE_ENV = 'production';
    },
  };
}

/**
 * main.tsx picks the route tree by the width and the catalog by the 'lang' cookie, so the browser could
 * only learn of them once the start chunk has run: a small script starts both downloads (and the tree's
 * shell) with the start chunk's, saving a round trip before the first paint. It is a file of its own
 * (named by its content, loaded async), never inline: the Content-Security-Policy allows no inline script.
 */
function preloadFirstChunks(): Plugin {
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'preload-first-chunks',
    apply: 'build',
    writeBundle({ dir }) {
      if (script && dir) writeFileSync(join(dir, script.fileName), script.source);
    },
    transformIndexHtml(_html, { bundle }) {
      const chunks = Object.values(bundle ?? {}).filter((entry) => entry.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // The entry (src/entry.ts) imports the app, the start chunk, once the page is painted: the page's head preloads
      // the start chunk and what it imports, so it downloads with the entry.
      const entries = chunks.filter((chunk) => chunk.isEntry);
      const start = entries.flatMap((chunk) => chunk.dynamicImports).flatMap((fileName) => [fileName, ...byName.get(fileName)!.imports])
        .filter((fileName) => !entries.some((entry) => entry.imports.includes(fileName)));
      // What the entry and the start chunk import is on its way already; every other chunk a first chunk imports is
      // preloaded with it (the build leaves module preloading to this script: no dependency lists in the chunks).
      const loading = new Set([...entries.flatMap((chunk) => [chunk.fileName, ...chunk.imports]), ...start]);
      const files = (...sources: string[]) => {
        const found = new Set<string>();
        const visit = (fileName: string) => {
          if (found.has(fileName) || loading.has(fileName)) return;
          found.add(fileName);
          byName.get(fileName)?.imports.forEach(visit);
        };
        for (const source of sources) {
          const chunk = chunks.find((entry) => entry.facadeModuleId?.endsWith(source));
          if (!chunk) throw new Error(`preload-first-chunks: no chunk for ${source}`);
          visit(chunk.fileName);
        }
        return [...found].map((fileName) => `/${fileName}`);
      };
      const trees = {
        phone: files('src/routes/mobile.tsx', 'src/routes/MobileShell.tsx'),
        desktop: files('src/routes/desktop.tsx', 'src/routes/DesktopShell.tsx'),
      };
      const mainPage = files('src/features/main/MainPage.tsx');
      const catalogs = Object.fromEntries(LOCALES.map((locale) => [locale, files(`locales/${locale}/messages.po?part=firstPaint`)]));
      // A visitor with a session (its cookie) gets the member's parts: the header's, the data layer, ky and the rest of
      // the catalog, which every member screen loads before it shows; otherwise each would wait for the one before.
      const memberParts = files('src/features/layout/memberParts.ts', 'src/data/QueryLayer.tsx', 'node_modules/ky/distribution/index.js');
      const restOfCatalogs = Object.fromEntries(LOCALES.map((locale) => [locale, files(`locales/${locale}/messages.po?part=rest`)]));
      const startFiles = [...new Set(start)].map((fileName) => `/${fileName}`);
      // The prerendered main page (scripts/prerender.ts) paints before the app runs, and its first paint has the line
      // to itself: the app's chunks (the start chunk too, which that page does not link) are fetched once it is painted.
      const source = `(function(){var t=${JSON.stringify(trees)},c=${JSON.stringify(catalogs)},p=${JSON.stringify(mainPage)},s=${JSON.stringify(startFiles)},`
        + `u=${JSON.stringify(memberParts)},r=${JSON.stringify(restOfCatalogs)};`
        + `var m=/(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)/.exec(document.cookie),l=m&&c[m[1]]?m[1]:${JSON.stringify(DEFAULT_LOCALE)};`
        + `var f=(innerWidth<=${MOBILE_MAX_WIDTH}?t.phone:t.desktop).concat(c[l],location.pathname==='/'?p:[],`
        + `/(?:^|;\\s*)${TOKEN_COOKIE}=/.test(document.cookie)?u.concat(r[l]):[]);`
        + `function a(h){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=h;document.head.appendChild(e)}`
        + `if(!document.documentElement.hasAttribute('data-prerendered')||typeof PerformanceObserver!=='function'){f.forEach(a);return}`
        + `var o=new PerformanceObserver(function(){o.disconnect();s.concat(f).forEach(a)});o.observe({type:'paint',buffered:true})})()`;
      script = { fileName: `assets/first-chunks-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`, source };
      return [
        ...startFiles.map((href) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href }, injectTo: 'head' as const })),
        { tag: 'script', attrs: { src: `/${script.fileName}`, async: true }, injectTo: 'head' },
      ];
    },
  };
}

export default defineConfig({
  plugins: [
    preloadFirstChunks(),
    react(),
    lingui(),
    productionBuild(),
    splitCatalogs(),
    cryptoJsWithoutUnusedHashes(),
    lightPreloadHelper(),
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
  resolve: {
    alias: [
      // XState's and TanStack Store's React bindings import use-sync-external-store's shim, which carries its own copy of
      // the hook for React 17; React 19 has it, and the package's plain entries use React's own.
      { find: /^use-sync-external-store\/shim(\/with-selector)?(\.js)?$/, replacement: 'use-sync-external-store$1' },
      // workbox-window's "module" entry is its ES5 build; the site's target (es2022) takes its modern build, about
      // 1 kB less gzipped on every first visit.
      { find: /^workbox-window$/, replacement: 'workbox-window/build/workbox-window.prod.mjs' },
    ],
  },
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
    // Every browser the site supports (es2022) knows <link rel="modulepreload">: no polyfill in the first chunk.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every first paint needs shares one chunk (fewer requests, and one gzip stream compresses
          // better than twenty: about 3 kB less); the tree's shell, the page, the catalog and what is used
          // later (STOMP, the popup markers, dialogs) stay in chunks of their own.
          groups: [
            // Vite's dynamic-import helper, which the entry needs before it imports the start chunk (src/entry.ts):
            // left to the bundler it joins the start chunk, and the entry would then run the whole app before the first paint.
            { name: 'import-helper', test: /vite[\\/]preload-helper/ },
            // One chunk, not several: React's modules are CommonJS, and a chunk boundary between them and their users
            // keeps every export of React DOM (hydration's code among them), about 6 kB more for a guest's first visit.
            { name: 'start', test: isStartModule },
            // The popups' close markers and the IndexedDB store under them arrive together: one request, one gzip stream.
            { name: 'popupMarkers', test: /src[\\/]pwa[\\/]popupMarkers|idb-keyval/ },
          ],
        },
      },
    },
  },
  test: {
    // The clock guard: with WALL_CLOCK set (a Seoul time of day, or an instant), every test file starts at that
    // moment of the wall clock (tests/wallClock.ts; README, "The clock guard").
    setupFiles: ['tests/wallClockSetup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.ts', 'tests/ui/**/*.test.tsx'],
          environment: 'node',
          // One worker per core (vitest's default leaves one free: on 2 cores that is a single worker).
          maxWorkers: '100%',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/gameProvider/**/*.test.ts', 'tests/oddsFeed/**/*.test.ts'],
          globalSetup: ['tests/server/pgliteSnapshot.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
