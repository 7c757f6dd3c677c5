import { useT } from '../../i18n';
import { SportRulesView } from './SportRulesView';
import { SupportLayout } from './SupportLayout';

/** A guide: its introduction and sections (heading and text message ids; the texts travel with the page, so it opens offline). */
interface GuideText {
  intro: string;
  sections: readonly (readonly [string, string])[];
}

const BETTING_GUIDE: GuideText = {
  intro: 'front.guide.betting.intro',
  sections: [
    ['front.guide.betting.basics.title', 'front.guide.betting.basics.text'],
    ['front.guide.betting.single.title', 'front.guide.betting.single.text'],
    ['front.guide.betting.combination.title', 'front.guide.betting.combination.text'],
    ['front.guide.betting.live.title', 'front.guide.betting.live.text'],
    ['front.guide.betting.settlement.title', 'front.guide.betting.settlement.text'],
    ['front.guide.betting.limits.title', 'front.guide.betting.limits.text'],
  ],
};

const GAME_GUIDE: GuideText = {
  intro: 'front.guide.game.intro',
  sections: [
    ['front.guide.game.casino.title', 'front.guide.game.casino.text'],
    ['front.guide.game.slot.title', 'front.guide.game.slot.text'],
    ['front.guide.game.minigame.title', 'front.guide.game.minigame.text'],
    ['front.guide.game.fishing.title', 'front.guide.game.fishing.text'],
    ['front.guide.game.money.title', 'front.guide.game.money.text'],
    ['front.guide.game.fair.title', 'front.guide.game.fair.text'],
  ],
};

function Guide({ guide }: { guide: GuideText }) {
  const t = useT();
  return (
    <article className="guide">
      <p>{t(guide.intro)}</p>
      {guide.sections.map(([title, text]) => (
        <section key={title} data-testid="guide-section">
          <h2>{t(title)}</h2>
          <p>{t(text)}</p>
        </section>
      ))}
    </article>
  );
}

/** /bettingguide/sport (phone /member/rule): sports betting rules, with the rules the server enforces from the same data as the slip. */
export function BettingGuidePage() {
  return (
    <SupportLayout current="bettingGuide" title="front.menu.bettingGuide" testId="betting-guide">
      <Guide guide={BETTING_GUIDE} />
      <SportRulesView />
    </SupportLayout>
  );
}

/** /gameguide: how the games work. */
export function GameGuidePage() {
  return (
    <SupportLayout current="gameGuide" title="front.menu.gameGuide" testId="game-guide">
      <Guide guide={GAME_GUIDE} />
    </SupportLayout>
  );
}
