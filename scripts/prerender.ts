/**
 * Part of `npm run build`, after `vite build` and before the compressed copies: pages as HTML, so a first
 * visit paints without script (src/prerender.tsx draws them with the real components, loaded through
 * Vite's SSR loader). The guest's main page, one file per language (server/http/site.ts `homePage`), and
 * every member screen as a kept session sees it before the member's read answers (`memberPage`). Each file
 * is dist/index.html with the page of the trees that have its path in the root (the stylesheet shows the
 * one of the visitor's width), the stylesheets the page draws with linked in the head, and the app's
 * chunks preloaded once it has painted (the first-chunks script, vite.config.ts). A member's page is
 * `inert` until the app has drawn it again: its forms cannot take input that the app's page would lose.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createServer } from 'vite';
import { LOCALES, type Locale } from '../contract/constants';
import { homePage, memberPage } from '../server/http/site';

const DIST = 'dist';
const TREES = ['desktop', 'phone'] as const;
type Tree = (typeof TREES)[number];
type Visitor = 'guest' | 'member';

/** src/prerender.tsx, as the SSR loader gives it (the server project does not compile the app). */
interface Prerender {
  renderPage(locale: Locale, tree: Tree, path: string, visitor: Visitor): Promise<string>;
  memberPaths(): { path: string; trees: Tree[] }[];
}

/**
 * Each stylesheet of the member site's build, by the class names its rules name. The operator console's
 * (`assets/console-*`, its own build) is never the member site's: it shares class names and sets the body's
 * width to a desktop's, which made a phone lay the prerendered page out 1,200 pixels wide and open the
 * desktop tree.
 */
function stylesheetClasses(): Map<string, Set<string>> {
  const assets = join(DIST, 'assets');
  return new Map(readdirSync(assets).filter((file) => file.endsWith('.css') && !file.startsWith('console-')).map((file) => {
    const css = readFileSync(join(assets, file), 'utf8').replace(/url\([^)]*\)/g, '');
    return [`/assets/${file}`, new Set([...css.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]!))];
  }));
}

/** The stylesheets that style a class the markup draws and that the shell does not link already. */
function stylesheetsFor(markup: string, shell: string, stylesheets: Map<string, Set<string>>): string[] {
  const drawn = new Set([...markup.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)));
  return [...stylesheets].filter(([href, classes]) => !shell.includes(`href="${href}"`) && [...classes].some((name) => drawn.has(name))).map(([href]) => href);
}

/** A date field's value is the day of the build, not of the visit: it stays empty until the app fills it in. */
function withoutBuildDates(markup: string): string {
  return markup.replace(/(<input\b[^>]*\btype="date"[^>]*?)\svalue="[^"]*"/g, '$1');
}

/** The shell's attributes that a page drawn without script must not carry: the CSP allows neither. */
function checkMarkup(markup: string, where: string): void {
  if (/<script|\sstyle="/i.test(markup)) throw new Error(`prerender: ${where} has an inline script or style attribute, which the CSP refuses`);
}

const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>') || !shell.includes('<html lang="ko">')) throw new Error('prerender: dist/index.html has no empty root or no lang');
const stylesheets = stylesheetClasses();

async function writePage(render: Prerender['renderPage'], file: string, locale: Locale, path: string, trees: readonly Tree[], visitor: Visitor) {
  let root = '';
  for (const tree of trees) {
    const markup = await render(locale, tree, path, visitor);
    checkMarkup(markup, `${path} on the ${tree} tree in ${locale}`);
    root += `<div class="prerendered prerendered--${tree}"${visitor === 'member' ? ' inert' : ''}>${withoutBuildDates(markup)}</div>`;
  }
  const links = stylesheetsFor(root, shell, stylesheets).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
  const page = shell
    .replace('<html lang="ko">', `<html lang="${locale}" data-prerendered>`)
    // The app runs after the paint here, and on a slow line its chunks must not take the stylesheets' bandwidth: the
    // first-chunks script preloads them once the page is painted (vite.config.ts).
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `${links}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${root}</div>`);
  mkdirSync(dirname(join(DIST, file)), { recursive: true });
  writeFileSync(join(DIST, file), page);
}

const vite = await createServer({ configLoader: 'bundle', server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom', logLevel: 'warn' });
try {
  const { renderPage, memberPaths } = (await vite.ssrLoadModule('/src/prerender.tsx')) as Prerender;
  const members = memberPaths();
  for (const locale of LOCALES as readonly Locale[]) {
    await writePage(renderPage, homePage(locale), locale, '/', TREES, 'guest');
    for (const { path, trees } of members) await writePage(renderPage, memberPage(locale, path), locale, path, trees, 'member');
  }
  console.log(`prerender: the main page for a guest and ${members.length} member pages, in ${LOCALES.join(', ')}`);
} finally {
  await vite.close();
}
