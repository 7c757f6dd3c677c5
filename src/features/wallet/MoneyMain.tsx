/**
 * The frame around the money pages: tabs between the won and the USDT form of one direction, the page
 * below. Desktop: a layout route around /charge + /coinCharge and /exchange + /coinExchange. Phone:
 * /member/chargeMain and /member/exchangeMain, whose child routes are the same pages.
 */
import { Link, Outlet } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { frameScreens, type ScreenId } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import type { Direction } from './directions';
import './wallet.css';

/** Each tab's label; which tabs exist, and where they lead on this tree, is the screen map's (frame). */
const TAB_LABEL = {
  deposit: 'front.cash.tab.deposit.won',
  coinDeposit: 'front.cash.tab.deposit.usdt',
  withdrawal: 'front.cash.tab.withdrawal.won',
  coinWithdrawal: 'front.cash.tab.withdrawal.usdt',
} as const satisfies Partial<Record<ScreenId, string>>;

function MoneyMain({ direction }: { direction: Direction }) {
  const t = useT();
  const tabs = frameScreens(direction, useTree());
  return (
    <div className="money-main">
      <nav className="money-tabs" aria-label={t(direction === 'deposit' ? 'front.menu.deposit' : 'front.menu.withdrawal')}>
        {tabs.map((tab) => (
          <Link key={tab.id} {...tab.link} className="money-tabs__tab" activeProps={{ className: 'money-tabs__tab--active', 'aria-current': 'page' }}>
            {t(TAB_LABEL[tab.id as keyof typeof TAB_LABEL])}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

export const DepositMain = () => <MoneyMain direction="deposit" />;
export const WithdrawalMain = () => <MoneyMain direction="withdrawal" />;
