/**
 * Serves the built PWA from dist/ when it exists. Any other GET that is not /api, /admin or /ws and
 * names no file gets index.html (the client routes it). `/` for a visitor with no session cookie gets the
 * main page prerendered in their language (`homePage`, made by scripts/prerender.ts), so it paints
 * before any script runs; a member's `/` gets index.html, since their page is not the guest's. The shell and the service worker are never
 * cached by the browser, so a new version is picked up; hashed assets are cached for a year.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy next to every text asset
 * (scripts/precompress.mjs); the one the browser accepts is sent as is, with Content-Encoding. Source
 * maps are never served.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, TOKEN_COOKIE, type Locale } from '../../contract/constants';
import { cookieValue, localeOfCookies } from '../../contract/cookies';

/** The guest's main page in one language, in dist/. */
export const homePage = (locale: Locale) => `home.${locale}.html`;

const NO_CACHE_FILES = new Set(['index.html', ...LOCALES.map(homePage), 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
const SERVER_PREFIXES = /^\/(api|admin|ws)(\/|$|\?)/;
/** A path whose last segment has an extension names a file: a missing one is a 404, not the shell. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;
/** The precompressed copy's extension, stripped to find the file it stands for. */
const COMPRESSED_COPY = /\.(br|gz)$/;

function cacheControlFor(path: string): string {
  if (NO_CACHE_FILES.has(basename(path).replace(COMPRESSED_COPY, ''))) return 'no-cache';
  // Vite puts content-hashed files under assets/: a new version always has a new name.
  if (path.includes(join('/', 'assets', '/'))) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export async function registerSite(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(join(distDir, 'index.html'))) return false;
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
  // A build without the prerendered pages (or an older one) serves the shell at / as at every other path.
  if (LOCALES.every((locale) => existsSync(join(distDir, homePage(locale))))) {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/',
      handler(request, reply) {
        const cookies = request.headers.cookie ?? '';
        if (cookieValue(cookies, TOKEN_COOKIE) !== null) return sendShell(reply);
        return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').sendFile(homePage(localeOfCookies(cookies)));
      },
    });
  }
  return true;
}

/** True for requests the SPA shell should answer: GET/HEAD outside the server's own prefixes. */
export function wantsShell(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  return (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PREFIXES.test(path) && !FILE_PATH.test(path);
}

/** The shell; `/` also answers the prerendered page by the cookies, so caches keep them apart. */
export function sendShell(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie').sendFile('index.html');
}
