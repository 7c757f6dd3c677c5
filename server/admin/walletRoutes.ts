/**
 * Operator wallet routes (under /admin/api): cash requests, account inquiries, wallet settings, member
 * restrictions, and PUT /test/clock when the server runs with TEST_CLOCK=1 (otherwise it does not exist).
 */
import {
  answerBody, cashListQuery, idParam, inquiriesQuery, memIdParam, rejectBody, restrictionsBody, testClockBody, walletSettingsBody,
} from '../../contract/admin';
import type { TestClock } from '../clock';
import type { AdminRouteModule } from './scope';
import type { WalletAdminService } from './walletService';

export function walletAdminRoutes(wallet: WalletAdminService, testClock: TestClock | null): AdminRouteModule {
  return (app, { parse, operator }) => {
    app.get('/cash-requests', async (request) => wallet.cashRequests(parse(cashListQuery, request.query)));

    app.post('/cash-requests/:id/wait', async (request) => wallet.wait(operator(request), parse(idParam, request.params).id));
    app.post('/cash-requests/:id/approve', async (request) => wallet.approve(operator(request), parse(idParam, request.params).id));
    app.post('/cash-requests/:id/reject', async (request) =>
      wallet.reject(operator(request), parse(idParam, request.params).id, parse(rejectBody, request.body).reason));

    app.get('/account-inquiries', async (request) => wallet.inquiries(parse(inquiriesQuery, request.query).status));
    app.post('/account-inquiries/:id/answer', async (request) =>
      wallet.answerInquiry(operator(request), parse(idParam, request.params).id, parse(answerBody, request.body).answer));

    app.get('/wallet-settings', async () => wallet.settings());
    app.put('/wallet-settings', async (request) => wallet.setSettings(operator(request), parse(walletSettingsBody, request.body)));

    app.put('/members/:memId/restrictions', async (request) =>
      wallet.setRestrictions(operator(request), parse(memIdParam, request.params).memId, parse(restrictionsBody, request.body)));

    if (testClock) {
      app.put('/test/clock', async (request) => {
        const { now } = parse(testClockBody, request.body);
        testClock.set(now === null ? null : new Date(now));
        return { now: testClock.now().toISOString() };
      });
    }
  };
}
