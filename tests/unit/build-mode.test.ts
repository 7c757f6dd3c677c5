import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';

const shellNodeEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = shellNodeEnv;
});

describe('the build', () => {
  it.each(['development', 'test', 'production'])('is a production build (no React development bundle, DEV false) when the shell has NODE_ENV=%s', async (nodeEnv) => {
    process.env.NODE_ENV = nodeEnv;
    const config = await resolveConfig({ configFile: 'vite.config.ts', logLevel: 'silent' }, 'build');
    expect(config.isProduction).toBe(true);
    expect(config.env.DEV).toBe(false);
    // What the build puts in place of process.env.NODE_ENV, by which React picks its bundle.
    expect(process.env.NODE_ENV).toBe('production');
  });
});
