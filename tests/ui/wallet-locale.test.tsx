// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seal } from '../../contract/envelope';
import { HEADER_LOCALE } from '../../contract/constants';
import { createApiClient } from '../../src/api/client';
import { activateLocale } from '../../src/i18n';

/** The point minimum differs by language (10,000 in Vietnamese), so every call tells the server the member's. */
describe('the locale header (HEADER_LOCALE)', () => {
  afterEach(() => activateLocale('ko'));

  it('carries the language of the lang cookie on POST and GET calls', async () => {
    const seen: Array<string | null> = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      seen.push((input as Request).headers.get(HEADER_LOCALE));
      return Response.json({ data: seal({ resultCode: '0', resultMessage: '', data: {} }, 'hanbit') });
    });
    const client = createApiClient({ fetch: fetch as typeof globalThis.fetch, origin: 'http://site.test', siteId: 'hanbit' });

    await activateLocale('vi');
    await client.callApi('walletInfo', {});
    await client.getApi('/api/coin', { symbol: 'USDT' });
    await activateLocale('en');
    await client.callApi('walletInfo', {});
    expect(seen).toEqual(['vi', 'vi', 'en']);
  });
});
