import { describe, expect, it } from 'vitest';
import { answeredCode } from '../../machines/answeredCode';

describe('answeredCode (the session machine reads a refusal by it)', () => {
  it('is the code the server answered with', () => {
    expect(answeredCode({ code: 'TK999' })).toBe('TK999');
  });
  it('is null for no answer: the client\'s own code, a retry code, a plain error, nothing', () => {
    expect(answeredCode({ code: 'NETWORK' })).toBeNull();
    expect(answeredCode({ code: 'NT99' })).toBeNull();
    expect(answeredCode(new Error('boom'))).toBeNull();
    expect(answeredCode(null)).toBeNull();
    expect(answeredCode({ code: '' })).toBeNull();
  });
});
