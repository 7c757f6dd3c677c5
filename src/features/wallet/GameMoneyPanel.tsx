import { selectGameMoney } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { requestMerge } from '../../prompts/mergePrompt';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Money } from '../../ui/Money';

/** While money sits in a game it cannot be withdrawn: the money pages offer the merge (the cash variant). */
export function GameMoneyPanel() {
  const t = useT();
  const gameMoney = useSessionSelector(selectGameMoney);
  if (gameMoney <= 0) return null;
  return (
    <section className="wallet-panel" data-testid="wallet-game-money">
      <h2 className="wallet-panel__title">{t('front.header.gameMoney')}</h2>
      <p>
        <Money amount={gameMoney} />
      </p>
      <p className="panel-note">{t('front.merge.cashNote')}</p>
      <Button block onClick={() => requestMerge({ variant: 'cash' })} data-testid="wallet-merge">
        {t('front.merge.start')}
      </Button>
    </section>
  );
}
