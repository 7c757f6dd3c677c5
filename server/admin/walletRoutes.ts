/**
 * Operator wallet routes (under /admin/api): cash requests, account inquiries, wallet settings, member
 * restrictions, and PUT /test/clock when the server runs with TEST_CLOCK=1 (otherwise it does not exist).
 */
import { z } from 'zod';
import { MAX_FIELD_LENGTH } from '../../contract/constants';
import { CASH_TYPES, TRC20_ADDRESS_PATTERN } from '../../contract/wallet';
import type { TestClock } from '../clock';
import type { AdminRouteModule } from './routes';
import type { WalletAdminService } from './walletService';

const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const memIdParam = z.object({ memId: z.string().min(1).max(MAX_FIELD_LENGTH) });
const cashListQuery = z.object({
  status: z.enum(['0', '2', '1', '-1']).transform((s) => Number(s) as 0 | 2 | 1 | -1).optional(),
  type: z.enum(CASH_TYPES).optional(),
});
const inquiriesQuery = z.object({ status: z.enum(['waiting', 'answered']).default('waiting') });
const rejectBody = z.object({ reason: z.string().max(MAX_FIELD_LENGTH).default('') });
const answerBody = z.object({ answer: z.string().trim().min(1).max(500) });

const won = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const cap = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const rate = z.number().int().min(0).max(100);
const settingsBody = z.object({
  depositMin: won, depositMax: won, depositUnit: won,
  withdrawMin: won, withdrawMax: won, withdrawUnit: won,
  withdrawalsOn: z.boolean(),
  rerequestWaitMinutes: z.number().int().min(0).max(10_080),
  firstDepositBonusRate: rate, firstDepositBonusCap: cap,
  dailyBonusRate: rate, dailyBonusCap: cap,
  usdtPriceKrw: z.number().int().positive().max(2_147_483_647),
  usdtDepositAddress: z.string().regex(TRC20_ADDRESS_PATTERN),
  pointConversionOn: z.boolean(),
  transfersOn: z.boolean(),
}).partial().strict();

const restrictionsBody = z.object({
  depositBanned: z.boolean().optional(),
  withdrawBanned: z.boolean().optional(),
  suspended: z.boolean().optional(),
}).strict();

const clockBody = z.object({ now: z.iso.datetime({ offset: true }).nullable() });

export function walletAdminRoutes(wallet: WalletAdminService, testClock: TestClock | null): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.get('/cash-requests', async (request) => wallet.cashRequests(parse(cashListQuery, request.query)));

    app.post('/cash-requests/:id/wait', async (request) => wallet.wait(operator(request.ip), parse(idParam, request.params).id));
    app.post('/cash-requests/:id/approve', async (request) => wallet.approve(operator(request.ip), parse(idParam, request.params).id));
    app.post('/cash-requests/:id/reject', async (request) =>
      wallet.reject(operator(request.ip), parse(idParam, request.params).id, parse(rejectBody, request.body).reason));

    app.get('/account-inquiries', async (request) => wallet.inquiries(parse(inquiriesQuery, request.query).status));
    app.post('/account-inquiries/:id/answer', async (request) =>
      wallet.answerInquiry(operator(request.ip), parse(idParam, request.params).id, parse(answerBody, request.body).answer));

    app.get('/wallet-settings', async () => wallet.settings());
    app.put('/wallet-settings', async (request) => wallet.setSettings(operator(request.ip), parse(settingsBody, request.body)));

    app.put('/members/:memId/restrictions', async (request) =>
      wallet.setRestrictions(operator(request.ip), parse(memIdParam, request.params).memId, parse(restrictionsBody, request.body)));

    if (testClock) {
      app.put('/test/clock', async (request) => {
        const { now } = parse(clockBody, request.body);
        testClock.set(now === null ? null : new Date(now));
        return { now: testClock.now().toISOString() };
      });
    }
  };
}
