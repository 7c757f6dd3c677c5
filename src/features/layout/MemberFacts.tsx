import { selectGameMoney, selectMember, selectMoneyKnown, selectNewMsg } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { requestMerge } from '../../prompts/mergePrompt';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { useMenu } from '../../routes/useMenu';
import { Money } from '../../ui/Money';

/** The signed-in member's nickname, unread messages, cash (once the balance answered), game money and points, as both headers show them. */
export function MemberFacts() {
  const t = useT();
  const member = useSessionSelector(selectMember);
  const newMsg = useSessionSelector(selectNewMsg);
  const gameMoney = useSessionSelector(selectGameMoney);
  // Until the balance answers, cash alone would read 0 while the member's money sits in a game.
  const moneyKnown = useSessionSelector(selectMoneyKnown);
  // The badge leads to the inbox once that screen exists (screens.ts, menu 'headerInbox').
  const inbox = useMenu('headerInbox')[0];
  if (!member) return null;
  return (
    <div className="member-facts">
      <span className="member-facts__nick">
        <span className="member-facts__avatar" aria-hidden="true">
          {member.memNick.slice(0, 1)}
        </span>
        <span data-testid="member-nick">{member.memNick}</span>
      </span>
      <MenuEntry
        link={inbox?.link}
        quiet
        className={newMsg > 0 ? 'msg-badge msg-badge--unread' : 'msg-badge'}
        ariaLabel={t('front.header.unreadLabel', { count: newMsg })}
        testId="member-inbox"
      >
        <span aria-hidden="true">✉</span>
        <span className="visually-hidden">{t('front.header.messages')}</span>
        <span className="msg-badge__count" data-testid="member-unread">
          {newMsg}
        </span>
      </MenuEntry>
      <span className="member-facts__money">
        <span className="member-facts__label">{t('front.header.cash')}</span>
        <Money amount={moneyKnown ? member.cashAmt : null} testId="member-cash" className="money--cash" />
      </span>
      {gameMoney > 0 && (
        <button type="button" className="member-facts__money member-facts__game" onClick={() => requestMerge({ variant: 'header' })} data-testid="member-game-money" title={t('front.merge.start')}>
          <span className="member-facts__label">{t('front.header.gameMoney')}</span>
          <Money amount={gameMoney} className="money--game" />
          <span className="member-facts__merge" aria-hidden="true">⇄</span>
        </button>
      )}
      <span className="member-facts__money">
        <span className="member-facts__label">{t('front.header.points')}</span>
        <Money amount={member.pointAmt} unit="points" testId="member-points" className="money--points" />
      </span>
    </div>
  );
}
