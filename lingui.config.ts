import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Message ids are the spec's keys (front.member.*, api.{code}, ...), written explicitly in code, so each
// msgid is an id, not a source text to hash (explicitIdAsDefault). The catalogs are the source of truth
// and tests/unit/catalogs.test.ts checks they are complete.
export default defineConfig({
  sourceLocale: 'ko',
  locales: ['ko', 'en', 'vi'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['src/console'] },
    // The operator console's own catalog (Korean and English; src/console/i18n.ts).
    { path: '<rootDir>/locales/{locale}/console', include: ['src/console'] },
  ],
  format: formatter({ explicitIdAsDefault: true }),
});
