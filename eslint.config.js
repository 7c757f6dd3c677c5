import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = import.meta.dirname;

/**
 * The features are the folders that exist under src/features: a new folder is covered the day it is made,
 * and a rule never names a folder that is not there.
 */
const features = readdirSync(join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/**
 * The boundaries, by the path of the file an import resolves to (not by the text of the import, so a
 * relative `../otherFeature/x` is caught as surely as `src/features/otherFeature/x`). Type-only and
 * dynamic imports count too. README "Boundaries" lists them.
 */
const zones = [
  // A feature reads only its own folder and the shared layers: no other feature.
  ...features.map((name) => ({
    target: `src/features/${name}`,
    from: features.filter((other) => other !== name).map((other) => `src/features/${other}`),
    message: 'Features do not import each other: what two share moves to src/ui, src/data or src/session; the app (src/app, src/routes) puts features side by side.',
  })),
  {
    target: 'src/features',
    from: 'src/app',
    message: 'Features do not import src/app: read the session through src/session, ask for login or a merge through src/prompts.',
  },
  // The shared layers serve every feature and the app; they import neither.
  {
    target: ['src/api', 'src/data', 'src/i18n', 'src/prompts', 'src/pwa', 'src/realtime', 'src/session', 'src/ui'],
    from: ['src/app', 'src/features'],
    message: 'Shared modules do not import the app or a feature.',
  },
  {
    target: ['machines', 'contract'],
    from: ['src', 'server'],
    message: 'machines/ and contract/ stay pure: they never import src/ or server/.',
  },
  { target: 'src', from: 'server', message: 'The browser never imports the server: what both need is in contract/.' },
  {
    target: 'oddsFeed',
    from: ['src', 'server', 'gameProvider', 'machines'],
    message: 'The odds feed is a provider of its own: it imports contract/ and its own modules only.',
  },
  // Components read server data through src/data (queries, the machines' provided actors), never the API client.
  {
    target: ['src/features', 'src/ui', 'src/session'],
    from: 'src/api/client.ts',
    message: 'Read through src/data (queries and provided actors), not the API client.',
  },
];

// The payload schemas (zod) are the server's: the browser takes paths from contract/callPaths.ts (types are fine,
// which a path zone cannot tell apart).
const serverOnlyContract = {
  group: ['**/contract/calls', '**/contract/walletPayloads'],
  allowTypeImports: true,
  message: 'Schemas stay on the server: import paths from contract/callPaths (types from contract/calls are fine).',
};
// A feature reads and writes through its own query and mutation hooks (src/data), never the raw API.
const noRawApi = {
  group: ['**/data/api'],
  importNames: ['useApi'],
  message: 'Features read and write through their query and mutation hooks (src/data), not useApi().',
};

export default tseslint.config(
  { ignores: ['.tmp', 'dist', 'node_modules', 'data', 'coverage', 'test-results', 'playwright-report', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The modules an import may reach, parsed as TypeScript, found the way tsc finds them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Type-only imports do not count (they leave no runtime edge), nor a way back through a lazy import(): the
      // screen map (src/routes/screens.ts) loads every screen lazily and the screens read the map, which is safe,
      // since the lazy edge runs only once both modules are loaded.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnlyContract] }] },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnlyContract, noRawApi] }] },
  },
);
