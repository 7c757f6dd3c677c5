/**
 * The table games' page scripts and styles. The pages are TypeScript (they share the engines' wave and
 * card code with the server); the vendor bundles each once, on its first request, with esbuild, and
 * keeps the result in memory. The CSS files are served as they are, after the shared one.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

export interface Asset {
  body: string;
  type: string;
  etag: string;
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const SOURCES = {
  'baccarat.js': { entry: here('./baccarat/page/main.ts') },
  'fishing.js': { entry: here('./fishing/page/main.ts') },
  'esport.js': { entry: here('./esport/page/main.ts') },
  'baccarat.css': { css: [here('./page/common.css'), here('./baccarat/page/table.css')] },
  'fishing.css': { css: [here('./page/common.css'), here('./fishing/page/sea.css')] },
  'esport.css': { css: [here('./page/common.css'), here('./esport/page/arena.css')] },
} as const;
export type AssetName = keyof typeof SOURCES;

const built = new Map<AssetName, Promise<Asset>>();

async function build(name: AssetName): Promise<Asset> {
  const source = SOURCES[name];
  let body: string;
  if ('entry' in source) {
    const { build: esbuild } = await import('esbuild');
    const result = await esbuild({
      entryPoints: [source.entry], bundle: true, write: false, format: 'iife', minify: true, target: 'es2020', platform: 'browser', legalComments: 'none',
    });
    body = result.outputFiles[0].text;
  } else {
    body = (await Promise.all(source.css.map((file) => readFile(file, 'utf8')))).join('\n');
  }
  const type = name.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
  return { body, type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` };
}

export function isAssetName(name: string): name is AssetName {
  return Object.hasOwn(SOURCES, name);
}

export function asset(name: AssetName): Promise<Asset> {
  let promise = built.get(name);
  if (!promise) {
    promise = build(name);
    promise.catch(() => built.delete(name));
    built.set(name, promise);
  }
  return promise;
}
