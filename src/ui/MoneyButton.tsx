import type { ReactNode } from 'react';
import { useMoneyActor, type MoneyActionKind } from '../data/moneyActions';
import { Button, type ButtonProps } from './Button';
import { LoadingOverlay } from './LoadingOverlay';
import { MONEY_RETRY_ID, useSendDialogs, type SendDialogs } from './useSendDialogs';

/**
 * A button that sends one confirmed money action about a listed item (use or gift a coupon, cancel or
 * hide a request), disabled while the action is under way. No draft: nothing shown, while the action
 * keeps running, so its answer is still told after the list has changed under it.
 */
export function MoneyButton<TDraft>({ kind, draft, check, dialogs, testId, variant, overlay = false, children }: {
  kind: MoneyActionKind;
  draft: TDraft | null;
  check?: (draft: TDraft) => string | null;
  dialogs: SendDialogs<TDraft, unknown>;
  testId: string;
  variant?: ButtonProps['variant'];
  /** Covers the page while the request is sent. */
  overlay?: boolean;
  children: ReactNode;
}) {
  const action = useSendDialogs<TDraft, unknown>(useMoneyActor<TDraft>(kind, check), { retry: MONEY_RETRY_ID, ...dialogs });
  if (draft === null) return null;
  return (
    <>
      <Button variant={variant} size="sm" disabled={action.busy} data-testid={testId} onClick={() => action.submit(draft)}>
        {children}
      </Button>
      {overlay && action.sending && <LoadingOverlay />}
    </>
  );
}
