/**
 * Serves the built PWA from dist/ when it exists. Any other GET that is not /api, /admin or /ws and
 * names no file gets a page document (the client routes it): pages prerendered by scripts/prerender.ts
 * where there is one for the visitor, so they paint before any script runs, index.html elsewhere. `/`
 * for a visitor with no session cookie is the guest's main page in their language (`homePage`); a member
 * screen's path for a visitor with one is that screen as a kept session sees it before the member is
 * read (`memberPage`). A member's `/` gets index.html, since their main page is not the guest's. Page
 * documents and the service worker are never cached by the browser, so a new version is picked up;
 * hashed assets are cached for a year.
 *
 * The operator console (issue 22) is a page of its own, dist/admin.html (vite.console.config.ts): every GET
 * under /admin that is not the operator API (/admin/api) gets it, with the same headers and policy as the
 * site's pages; the console routes it.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy next to every text asset
 * (scripts/precompress.mjs); the one the browser accepts is sent as is, with Content-Encoding. Source
 * maps are never served.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, TOKEN_COOKIE, type Locale } from '../../contract/constants';
import { cookieValue, localeOfCookies } from '../../contract/cookies';

/** The guest's main page in one language, in dist/. */
export const homePage = (locale: Locale) => `home.${locale}.html`;

const MEMBER_PAGES = 'pages';
/** A member screen (its path on a tree) in one language, in dist/. */
export const memberPage = (locale: Locale, path: string) => `${MEMBER_PAGES}/${locale}${path}.html`;

/** The operator console's page in dist/. */
export const CONSOLE_PAGE = 'admin.html';
const CONSOLE_API = /^\/admin\/api(\/|$|\?)/;

const NO_CACHE_FILES = new Set(['index.html', CONSOLE_PAGE, ...LOCALES.map(homePage), 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
const SERVER_PREFIXES = /^\/(api|admin|ws)(\/|$|\?)/;
/** A path whose last segment has an extension names a file: a missing one is a 404, not the shell. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;
/** The precompressed copy's extension, stripped to find the file it stands for. */
const COMPRESSED_COPY = /\.(br|gz)$/;

function cacheControlFor(path: string): string {
  if (NO_CACHE_FILES.has(basename(path).replace(COMPRESSED_COPY, '')) || path.includes(join('/', MEMBER_PAGES, '/'))) return 'no-cache';
  // Vite puts content-hashed files under assets/: a new version always has a new name.
  if (path.includes(join('/', 'assets', '/'))) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** The paths that have a member page in every language (none in a build without them). */
function memberPagePaths(distDir: string): Set<string> {
  const perLocale = LOCALES.map((locale) => {
    const dir = join(distDir, MEMBER_PAGES, locale);
    if (!existsSync(dir)) return new Set<string>();
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    return new Set(files.map((file) => `/${file.split(sep).join('/').replace(/\.html$/, '')}`));
  });
  return new Set([...perLocale[0]!].filter((path) => perLocale.every((paths) => paths.has(path))));
}

/** Sends the document of a page path (see above); the server's unknown GETs that want a page come here. */
export type SendPage = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** Serves dist/ and answers the document sender, or null when there is no build. */
export async function registerSite(app: FastifyInstance, distDir: string): Promise<SendPage | null> {
  if (!existsSync(join(distDir, 'index.html'))) return null;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    // A source map left in dist/ (e.g. a build with --sourcemap) stays private.
    allowedPath: (pathname) => !pathname.endsWith('.map'),
    setHeaders(res, path) {
      res.setHeader('cache-control', cacheControlFor(path));
      // Which copy was sent depends on Accept-Encoding: caches must keep them apart.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  // A build without the prerendered pages (or an older one) serves the shell at every path.
  const hasHome = LOCALES.every((locale) => existsSync(join(distDir, homePage(locale))));
  const memberPaths = memberPagePaths(distDir);
  const sendPage: SendPage = (request, reply) => {
    const cookies = request.headers.cookie ?? '';
    const path = request.url.split('?')[0] ?? '';
    const kept = cookieValue(cookies, TOKEN_COOKIE) !== null;
    const file = kept
      ? memberPaths.has(path) ? memberPage(localeOfCookies(cookies), path) : 'index.html'
      : path === '/' && hasHome ? homePage(localeOfCookies(cookies)) : 'index.html';
    // Which document a path gets depends on the cookies: caches must keep them apart.
    return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').sendFile(file);
  };
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: sendPage });
  if (existsSync(join(distDir, CONSOLE_PAGE))) {
    const sendConsole = (request: FastifyRequest, reply: FastifyReply) => (CONSOLE_API.test(request.url)
      ? reply.callNotFound()
      : reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').sendFile(CONSOLE_PAGE));
    app.route({ method: ['GET', 'HEAD'], url: '/admin', handler: sendConsole });
    app.route({ method: ['GET', 'HEAD'], url: '/admin/*', handler: sendConsole });
  }
  return sendPage;
}

/** True for requests the SPA shell should answer: GET/HEAD outside the server's own prefixes. */
export function wantsShell(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PREFIXES.test(path) && !FILE_PATH.test(path);
}
