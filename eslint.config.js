import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Components read server data through src/data (queries, the machines' provided actors), never the API client. */
const noApiClient = { group: ['**/api/client', '**/api/client.ts'], message: 'Read through src/data (queries and provided actors), not the API client.' };
// The payload schemas (zod) are the server's: the browser takes paths from contract/callPaths.ts.
const serverOnlyContract = {
  group: ['**/contract/calls', '**/contract/walletPayloads'],
  allowTypeImports: true,
  message: 'Schemas stay on the server: import paths from contract/callPaths (types from contract/calls are fine).',
};

const features = ['auth', 'wallet', 'games', 'memberBoard', 'support', 'messages', 'mypage', 'partner', 'main', 'results', 'betting', 'layout'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'test-results', 'playwright-report', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
  // machines/ and contract/ stay pure: they never reach into the app or the server.
  {
    files: ['machines/**/*.ts', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/src/**', '**/src', '**/server/**', '**/server'], message: 'machines/ and contract/ must not import src/ or server/.' },
      ] }],
    },
  },
  // Features do not import each other: shared code lives in ui/, data/, i18n/. Neither they nor ui/ call the API client.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverOnlyContract] }] },
  },
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: features.filter((f) => f !== name).flatMap((f) => [`**/features/${f}/**`, `**/features/${f}`]), message: 'Features do not import each other.' },
        noApiClient,
        serverOnlyContract,
      ] }],
    },
  })),
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noApiClient] }] },
  },
);
