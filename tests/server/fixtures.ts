/** Valid sign-up forms for tests: each call gives new unique id, nickname, phone and account. */
import type { PayloadOf } from '../../contract/calls';

let next = 0;

export function signupForm(overrides: Partial<PayloadOf<'signup'>> = {}): PayloadOf<'signup'> {
  next += 1;
  const n = String(next).padStart(4, '0');
  return {
    memId: `member${n}`,
    memPass: 'pass1234',
    memPassCheck: 'pass1234',
    cashOutPass: '4321',
    memNick: `회원${n}`,
    memPhone: `010-5555-${n}`,
    recommenderId: 'partner01',
    bank: '004',
    memName: '홍길동',
    bankacc: `1002${n}0000`,
    ...overrides,
  };
}
