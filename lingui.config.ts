import { defineConfig } from '@lingui/conf';

// Message ids are the spec's keys (front.member.*, api.{code}, ...), written explicitly in code, so the
// catalogs are the source of truth and tests/unit/catalogs.test.ts checks they are complete.
export default defineConfig({
  sourceLocale: 'ko',
  locales: ['ko', 'en', 'vi'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'] }],
  format: 'po',
});
