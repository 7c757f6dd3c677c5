import { useT } from '../../i18n';
import { SupportLayout } from './SupportLayout';

/** A guide's sections: heading and text message ids, in all three languages (they open offline with the page). */
const BETTING_GUIDE = ['basics', 'single', 'combination', 'live', 'settlement', 'limits'] as const;
const GAME_GUIDE = ['casino', 'slot', 'minigame', 'fishing', 'money', 'fair'] as const;

function Guide({ prefix, sections }: { prefix: string; sections: readonly string[] }) {
  const t = useT();
  return (
    <article className="guide">
      <p>{t(`${prefix}.intro`)}</p>
      {sections.map((section) => (
        <section key={section} data-testid="guide-section">
          <h2>{t(`${prefix}.${section}.title`)}</h2>
          <p>{t(`${prefix}.${section}.text`)}</p>
        </section>
      ))}
    </article>
  );
}

/** /bettingguide/sport (phone /member/rule): sports betting rules. */
export function BettingGuidePage() {
  return (
    <SupportLayout current="bettingGuide" title="front.menu.bettingGuide" testId="betting-guide">
      <Guide prefix="front.guide.betting" sections={BETTING_GUIDE} />
    </SupportLayout>
  );
}

/** /gameguide: how the games work. */
export function GameGuidePage() {
  return (
    <SupportLayout current="gameGuide" title="front.menu.gameGuide" testId="game-guide">
      <Guide prefix="front.guide.game" sections={GAME_GUIDE} />
    </SupportLayout>
  );
}
