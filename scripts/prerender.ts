/**
 * Part of `npm run build`, after `vite build` and before the compressed copies: the guest's main page as
 * HTML, one file per language (server/http/site.ts `homePage`), so a first visit to `/` paints without
 * script. Each file is dist/index.html with the page of both trees in the root (the stylesheet shows the
 * one of the visitor's width), the stylesheets of the shells and the main page linked in the head, and the
 * app's chunks preloaded once it has painted (the first-chunks script, vite.config.ts).
 * The markup comes from the real components (src/prerender.tsx), loaded through Vite's SSR loader.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { LOCALES, type Locale } from '../contract/constants';
import { homePage } from '../server/http/site';

const DIST = 'dist';
const MANIFEST = join(DIST, '.vite', 'manifest.json');
/** The sources whose chunks the prerendered page shows: both trees, their shells, the main page. */
const PAGE_SOURCES = ['src/routes/mobile.tsx', 'src/routes/desktop.tsx', 'src/routes/MobileShell.tsx', 'src/routes/DesktopShell.tsx', 'src/features/main/MainPage.tsx'];
const TREES = ['desktop', 'phone'] as const;

/** src/prerender.tsx, as the SSR loader gives it (the server project does not compile the app). */
interface Prerender {
  renderHome(locale: Locale, tree: (typeof TREES)[number]): Promise<string>;
}

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The stylesheets the page's chunks bring, and what they import statically, that the shell does not link yet. */
function pageStylesheets(manifest: Record<string, ManifestEntry>, shell: string): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    if (!entry) throw new Error(`prerender: ${key} is not in the build's manifest`);
    entry.css?.forEach((css) => found.add(`/${css}`));
    entry.imports?.forEach(visit);
  };
  PAGE_SOURCES.forEach(visit);
  return [...found].filter((href) => !shell.includes(`href="${href}"`));
}

/** The shell's attributes that a page drawn without script must not carry: the CSP allows neither. */
function checkMarkup(markup: string, where: string): void {
  if (/<script|\sstyle="/i.test(markup)) throw new Error(`prerender: ${where} has an inline script or style attribute, which the CSP refuses`);
}

const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>') || !shell.includes('<html lang="ko">')) throw new Error('prerender: dist/index.html has no empty root or no lang');
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestEntry>;
const links = pageStylesheets(manifest, shell).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');

const vite = await createServer({ configLoader: 'bundle', server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'warn' });
try {
  const { renderHome } = (await vite.ssrLoadModule('/src/prerender.tsx')) as Prerender;
  for (const locale of LOCALES as readonly Locale[]) {
    let root = '';
    for (const tree of TREES) {
      const markup = await renderHome(locale, tree);
      checkMarkup(markup, `the ${tree} page in ${locale}`);
      root += `<div class="prerendered prerendered--${tree}">${markup}</div>`;
    }
    const page = shell
      .replace('<html lang="ko">', `<html lang="${locale}" data-prerendered>`)
      // The app runs after the paint here, and on a slow line its chunks must not take the stylesheets' bandwidth: the
      // first-chunks script preloads them once the page is painted (vite.config.ts).
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
      .replace('</head>', `${links}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${root}</div>`);
    writeFileSync(join(DIST, homePage(locale)), page);
  }
} finally {
  await vite.close();
}
// Only this script reads the manifest; the site does not serve it.
rmSync(join(DIST, '.vite'), { recursive: true, force: true });
console.log(`prerender: the main page for a guest in ${LOCALES.join(', ')} (${links ? 'with its stylesheets' : 'no extra stylesheet'})`);
