/**
 * The frame around the money pages: tabs between the won and the USDT form of one direction, the page
 * below. Desktop: a layout route around /charge + /coinCharge and /exchange + /coinExchange. Phone:
 * /member/chargeMain and /member/exchangeMain, whose child routes are the same pages.
 */
import { Link, Outlet } from '@tanstack/react-router';
import { useT } from '../../i18n';
import type { Direction } from './directions';
import './wallet.css';

type Tree = 'desktop' | 'mobile';

export const MONEY_TABS: Record<Direction, Record<Tree, ReadonlyArray<{ id: 'won' | 'usdt'; path: string }>>> = {
  deposit: {
    desktop: [{ id: 'won', path: '/charge' }, { id: 'usdt', path: '/coinCharge' }],
    mobile: [{ id: 'won', path: '/member/chargeMain/charge' }, { id: 'usdt', path: '/member/chargeMain/coinCharge' }],
  },
  withdrawal: {
    desktop: [{ id: 'won', path: '/exchange' }, { id: 'usdt', path: '/coinExchange' }],
    mobile: [{ id: 'won', path: '/member/exchangeMain/exchange' }, { id: 'usdt', path: '/member/exchangeMain/coinExchange' }],
  },
};

function MoneyMain({ direction, tree }: { direction: Direction; tree: Tree }) {
  const t = useT();
  return (
    <div className="money-main">
      <nav className="money-tabs" aria-label={t(direction === 'deposit' ? 'front.menu.deposit' : 'front.menu.withdrawal')}>
        {MONEY_TABS[direction][tree].map((tab) => (
          <Link key={tab.id} to={tab.path} className="money-tabs__tab" activeProps={{ className: 'money-tabs__tab--active', 'aria-current': 'page' }}>
            {t(`front.cash.tab.${direction}.${tab.id}`)}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

export const DesktopDepositMain = () => <MoneyMain direction="deposit" tree="desktop" />;
export const DesktopWithdrawalMain = () => <MoneyMain direction="withdrawal" tree="desktop" />;
export const MobileDepositMain = () => <MoneyMain direction="deposit" tree="mobile" />;
export const MobileWithdrawalMain = () => <MoneyMain direction="withdrawal" tree="mobile" />;
