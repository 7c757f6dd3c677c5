import { describe, expect, it } from 'vitest';
import { open, seal } from '../../contract/envelope';

describe('envelope', () => {
  it('round-trips a payload with its site id', () => {
    const sealed = seal({ memId: 'demo01', memPass: 'secret12' }, 'hanbit');
    expect(open(sealed)).toEqual({ ok: true, siteId: 'hanbit', payload: { memId: 'demo01', memPass: 'secret12' } });
  });

  it('never gives the same body twice for the same payload', () => {
    const a = seal({ memPass: 'p' }, 's');
    const b = seal({ memPass: 'p' }, 's');
    expect(a).not.toEqual(b);
    expect(a).not.toContain('memPass');
  });

  it('refuses garbage, other keys and non-strings', () => {
    for (const bad of ['', 'abc', 'U2FsdGVkX1+garbage==', 42, null, { data: 1 }, 'x'.repeat(10_000)]) {
      expect(open(bad)).toEqual({ ok: false });
    }
  });
});
