import { useRouterState } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { SupportLayout } from './SupportLayout';
import '../../ui/Tabs.css';

/** SPEC §2: /gameway's guide types (the /esport guide pages redirect here with one). */
export const GAMEWAY_TYPES = ['screendescription', 'onefolderbetting', 'twofolderbetting'] as const;
export type GamewayType = (typeof GAMEWAY_TYPES)[number];

/** Each guide: its introduction and sections (heading and text message ids). */
const GUIDES: Record<GamewayType, { intro: string; sections: readonly (readonly [string, string])[] }> = {
  screendescription: {
    intro: 'front.gameway.screen.intro',
    sections: [
      ['front.gameway.screen.round.title', 'front.gameway.screen.round.text'],
      ['front.gameway.screen.match.title', 'front.gameway.screen.match.text'],
      ['front.gameway.screen.prices.title', 'front.gameway.screen.prices.text'],
      ['front.gameway.screen.slip.title', 'front.gameway.screen.slip.text'],
      ['front.gameway.screen.fair.title', 'front.gameway.screen.fair.text'],
      ['front.gameway.screen.book.title', 'front.gameway.screen.book.text'],
    ],
  },
  onefolderbetting: {
    intro: 'front.gameway.one.intro',
    sections: [
      ['front.gameway.one.how.title', 'front.gameway.one.how.text'],
      ['front.gameway.one.example.title', 'front.gameway.one.example.text'],
      ['front.gameway.one.limits.title', 'front.gameway.one.limits.text'],
      ['front.gameway.one.settle.title', 'front.gameway.one.settle.text'],
    ],
  },
  twofolderbetting: {
    intro: 'front.gameway.two.intro',
    sections: [
      ['front.gameway.two.how.title', 'front.gameway.two.how.text'],
      ['front.gameway.two.example.title', 'front.gameway.two.example.text'],
      ['front.gameway.two.same.title', 'front.gameway.two.same.text'],
      ['front.gameway.two.settle.title', 'front.gameway.two.settle.text'],
    ],
  },
};

const TAB_LABELS: Record<GamewayType, string> = {
  screendescription: 'front.gameway.tab.screendescription',
  onefolderbetting: 'front.gameway.tab.onefolderbetting',
  twofolderbetting: 'front.gameway.tab.twofolderbetting',
};

/** The type asked for in the address; none or an unknown one opens the screen description. */
function typeOf(search: Record<string, unknown>): GamewayType {
  return GAMEWAY_TYPES.find((type) => type === search.type) ?? 'screendescription';
}

/**
 * /gameway (phone /member/gameway): the e-sports guides, how game 101's screen works and how one- and
 * two-folder betting pay, one tab per `type`; each ends with the way to the game and the e-sports book.
 */
export function GamewayPage() {
  const t = useT();
  const tree = useTree();
  const type = typeOf(useRouterState({ select: (state) => state.location.search as Record<string, unknown> }));
  const guide = GUIDES[type];
  return (
    <SupportLayout current="gameway" title="front.menu.gameway" testId="gameway">
      <nav className="tabs" aria-label={t('front.menu.gameway')}>
        {GAMEWAY_TYPES.map((one) => (
          <MenuEntry key={one} link={screenLink(tree, 'gameway', {}, { type: one })} className={one === type ? 'tabs__tab tabs__tab--current' : 'tabs__tab'} testId={`gameway-tab-${one}`}>
            {t(TAB_LABELS[one])}
          </MenuEntry>
        ))}
      </nav>
      <article className="guide" data-testid={`gameway-${type}`}>
        <p>{t(guide.intro)}</p>
        {guide.sections.map(([title, text]) => (
          <section key={title} data-testid="guide-section">
            <h2>{t(title)}</h2>
            <p>{t(text)}</p>
          </section>
        ))}
        <p className="guide__links">
          <MenuEntry link={screenLink(tree, 'esportGamestart')} className="btn btn--gold btn--md" testId="gameway-play">{t('front.gameway.play')}</MenuEntry>
          <MenuEntry link={screenLink(tree, 'esport')} className="btn btn--ghost btn--md" testId="gameway-book">{t('front.gameway.book')}</MenuEntry>
        </p>
      </article>
    </SupportLayout>
  );
}
