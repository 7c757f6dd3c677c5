/**
 * The boundaries of eslint.config.js hold: planted imports that cross one fail `npm run lint`, a legal one
 * passes. Each planted file is linted as text at a path where it could sit (nothing is written into the
 * tree); the cycle is two files in a temporary folder, since a cycle needs both ends on disk.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const overrideConfigFile = join(root, 'eslint.config.js');
// The planted imports are judged by every rule but the cycle rule, which would parse the whole tree behind each
// import to look for a way back; it has its own case below.
const eslint = new ESLint({ cwd: root, overrideConfigFile, ruleFilter: ({ ruleId }) => ruleId !== 'import-x/no-cycle' });

/** The rule ids that fail `code` written at `filePath` (relative to the repository). */
async function failures(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message}`);
}

const features = readdirSync(join(root, 'src/features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
/** A module of `feature` that exists (the resolver must find what an import names, or the rule cannot judge it). */
const moduleOf = (feature: string) => readdirSync(join(root, 'src/features', feature)).find((file) => /\.tsx?$/.test(file))!.replace(/\.tsx?$/, '');

describe('the lint boundaries', () => {
  it('knows every feature folder', () => {
    expect(features.length).toBeGreaterThanOrEqual(11);
    expect(features).toEqual(expect.arrayContaining(['minigames', 'rewards', 'wallet', 'layout']));
  });

  it.each(features)('fails a relative import of another feature in %s', async (feature) => {
    const other = features.find((name) => name !== feature)!;
    const code = `import * as planted from '../${other}/${moduleOf(other)}';\nexport const uses = planted;\n`;
    expect(await failures(code, `src/features/${feature}/Planted.tsx`)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Features do not import each other/),
    ]);
  }, 30_000);

  it('fails an import of src/app in a feature', async () => {
    const code = `import { startAppActors } from '../../app/actors';\nexport const uses = startAppActors;\n`;
    expect(await failures(code, 'src/features/main/Planted.tsx')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Features do not import src\/app/),
    ]);
  }, 30_000);

  it('fails useApi() in a feature, while the feature may still take types from the same module', async () => {
    const code = `import { useApi } from '../../data/api';\nexport const uses = useApi;\n`;
    expect(await failures(code, 'src/features/wallet/Planted.tsx')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*not useApi\(\)/),
    ]);
    expect(await failures(`import type { Api } from '../../data/api';\nexport type Uses = Api;\n`, 'src/features/wallet/Planted.tsx')).toEqual([]);
  }, 30_000);

  it('fails the API client in a feature, src/ or server/ in machines/, and server/ in src/', async () => {
    expect(await failures(`import { callApi } from '../../api/client';\nexport const uses = callApi;\n`, 'src/features/wallet/Planted.tsx')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*not the API client/),
    ]);
    expect(await failures(`import { showAlert } from '../src/ui/alerts';\nexport const uses = showAlert;\n`, 'machines/planted.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*machines\/ and contract\/ stay pure/),
    ]);
    expect(await failures(`import { systemClock } from '../../server/clock';\nexport const uses = systemClock;\n`, 'src/data/planted.ts')).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports the server/),
    ]);
  }, 30_000);

  it('passes a feature that imports its own modules and the shared layers', async () => {
    const code = [
      `import { selectIsSignedIn } from '../../../machines/session';`,
      `import { useSessionSelector } from '../../session/context';`,
      `import { requestAuth } from '../../prompts/authPrompt';`,
      `import { useT } from '../../i18n';`,
      `import { Button } from '../../ui/Button';`,
      `import { DIRECTION_TYPES } from './directions';`,
      `export const uses = [selectIsSignedIn, useSessionSelector, requestAuth, useT, Button, DIRECTION_TYPES];`,
      '',
    ].join('\n');
    expect(await failures(code, 'src/features/wallet/Planted.tsx')).toEqual([]);
  }, 30_000);

  describe('a cycle', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'lint-cycle-'));
      writeFileSync(join(dir, 'a.ts'), `import { b } from './b';\nexport const a = () => b();\n`);
      writeFileSync(join(dir, 'b.ts'), `import { a } from './a';\nexport const b = () => a();\n`);
      writeFileSync(join(dir, 'c.ts'), `import { a } from './a';\nexport const c = () => a();\n`);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('fails both of its ends, and not a module that only imports one of them', async () => {
      // The same config, run in the temporary folder (its globs are relative to the folder ESLint runs in).
      const results = await new ESLint({ cwd: dir, overrideConfigFile }).lintFiles(['a.ts', 'b.ts', 'c.ts']);
      const failed = Object.fromEntries(results.map((result) => [result.filePath.slice(dir.length + 1), result.messages.map((message) => message.ruleId)]));
      expect(failed).toEqual({ 'a.ts': ['import-x/no-cycle'], 'b.ts': ['import-x/no-cycle'], 'c.ts': [] });
    }, 30_000);
  });
});
