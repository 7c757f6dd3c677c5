import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has working defaults and a random operator token', () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: './data', databaseUrl: null, siteId: 'hanbit', captchaFixed: null, adminTokenGenerated: true });
    expect(a.adminToken).toMatch(/^[0-9a-f]{64}$/);
    expect(a.adminToken).not.toBe(b.adminToken);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000', HOST: '0.0.0.0', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h:5432/db', ADMIN_TOKEN: 'a-long-operator-token', SITE_ID: 'other', CAPTCHA_FIXED: '5151', NODE_ENV: 'test',
    });
    expect(config).toMatchObject({
      port: 9000, host: '0.0.0.0', dataDir: '/tmp/x', databaseUrl: 'postgres://u@h:5432/db', adminToken: 'a-long-operator-token', adminTokenGenerated: false, siteId: 'other', captchaFixed: '5151',
    });
  });

  it('wants the cash-out passwords\' key in production (at least 16 characters) and has a development one elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_TOKEN_SCOPES: 'cashier' })).toThrow(/CASH_OUT_PASS_KEY must be set/);
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_TOKEN_SCOPES: 'cashier', CASH_OUT_PASS_KEY: 'short' })).toThrow(/CASH_OUT_PASS_KEY must be at least 16/);
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_TOKEN_SCOPES: 'cashier', CASH_OUT_PASS_KEY: 'a-key-of-enough-length' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow();
  });

  it('gives the operator token four-eyes by default; its opt-out and its default of every role are refused in production', () => {
    const production = { NODE_ENV: 'production', CASH_OUT_PASS_KEY: 'a-key-of-enough-length' };
    expect(loadConfig({})).toMatchObject({ adminTokenFourEyes: true, adminTokenScopes: ['owner', 'cashier', 'support', 'risk', 'partnerManager'] });
    expect(loadConfig({ ADMIN_TOKEN_FOUR_EYES: '0', NODE_ENV: 'test' }).adminTokenFourEyes).toBe(false);
    expect(() => loadConfig(production)).toThrow(/ADMIN_TOKEN_SCOPES must be set/);
    expect(loadConfig({ ...production, ADMIN_TOKEN_SCOPES: 'cashier, support' })).toMatchObject({ adminTokenFourEyes: true, adminTokenScopes: ['cashier', 'support'] });
    expect(() => loadConfig({ ...production, ADMIN_TOKEN_SCOPES: 'cashier', ADMIN_TOKEN_FOUR_EYES: '0' })).toThrow(/ADMIN_TOKEN_FOUR_EYES=0.*production/);
  });

  it('refuses CAPTCHA_FIXED in production with a clear error', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_FIXED: '1234' })).toThrow(/CAPTCHA_FIXED.*production/);
  });

  it.each([
    [{ CAPTCHA_FIXED: '1236' }, /CAPTCHA_FIXED/],
    [{ CAPTCHA_FIXED: '123' }, /CAPTCHA_FIXED/],
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ SITE_ID: 'bad id!' }, /SITE_ID/],
    [{ ADMIN_TOKEN: 'short' }, /ADMIN_TOKEN/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
