/** Login and sign-up requests reach the shell that shows them, even one made before the shell listened. */
import { describe, expect, it } from 'vitest';
import { onAuthRequest, requestAuth, type AuthPrompt } from '../../src/prompts/authPrompt';

describe('auth prompts', () => {
  it('hands a request made before any shell listened to the first shell that listens, once', () => {
    requestAuth('login');
    const first: AuthPrompt[] = [];
    const stopFirst = onAuthRequest((prompt) => first.push(prompt));
    expect(first).toEqual(['login']);
    stopFirst();
    const second: AuthPrompt[] = [];
    const stopSecond = onAuthRequest((prompt) => second.push(prompt));
    expect(second).toEqual([]);
    requestAuth('signup');
    expect(second).toEqual(['signup']);
    stopSecond();
  });
});
