/**
 * The house game provider (gameProvider/) and the site meet at its published parts only (README, "The house
 * game provider"): the wire protocol in contract/gameProvider.ts (and its node-only signing), the browser's
 * one entry gameProvider/verify.ts, and for the site's server the mount and its settings. Checked by file
 * path of every relative import, whatever the import text looks like.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(name) ? [path] : [];
  });
}

/** Every file a source file imports by a relative path (static, dynamic and re-exports), from the root, without extension. */
function importsOf(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  const specs = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
  return specs.map((spec) => relative(root, resolve(root, dirname(file), spec)).replaceAll('\\', '/').replace(/\.(ts|tsx|js)$/, ''));
}

const inside = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

function crossings(from: string[], into: string, allowed: string[]): string[] {
  return from.flatMap((file) => importsOf(file).filter((target) => inside(target, into) && !allowed.includes(target)).map((target) => `${file} → ${target}`));
}

describe('the game provider boundary', () => {
  it('the browser (src/, machines/) imports only gameProvider/verify of the provider', () => {
    expect(crossings([...sourceFiles('src'), ...sourceFiles('machines')], 'gameProvider', ['gameProvider/verify'])).toEqual([]);
  });

  it('the contract imports nothing of the provider (the provider imports the contract)', () => {
    expect(crossings(sourceFiles('contract'), 'gameProvider', [])).toEqual([]);
  });

  it("the site's server reaches the provider through the contract, and mounts it (its mount and settings only)", () => {
    expect(crossings(sourceFiles('server'), 'gameProvider', ['gameProvider/mount', 'gameProvider/config'])).toEqual([]);
  });

  it('the provider imports nothing of the site but its own wire protocol', () => {
    const files = sourceFiles('gameProvider');
    const site = ['src', 'server', 'machines', 'contract'];
    const outside = files.flatMap((file) => importsOf(file)
      .filter((target) => site.some((folder) => inside(target, folder)) && !['contract/gameProvider', 'contract/gameProviderSigning'].includes(target))
      .map((target) => `${file} → ${target}`));
    expect(outside).toEqual([]);
  });

  it('sees the imports it checks (the verifier page imports the published entry)', () => {
    expect(importsOf('src/features/minigames/MiniVerifyPage.tsx')).toContain('gameProvider/verify');
    expect(importsOf('server/games/adapter.ts')).toContain('contract/gameProvider');
  });
});
