import type { ReactNode } from 'react';
import { GameMoneyPanel } from './GameMoneyPanel';
import './wallet.css';

/** The frame of every money page: the titled main panel, and the side column (account, open request). */
export function WalletPage({ title, side, children }: { title: string; side: ReactNode; children: ReactNode }) {
  return (
    <div className="wallet-page">
      <section className="wallet-panel wallet-panel--main">
        <h1 className="section-title">{title}</h1>
        {children}
      </section>
      <div className="wallet-page__side">
        <GameMoneyPanel />
        {side}
      </div>
    </div>
  );
}
