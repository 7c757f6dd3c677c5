import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';

/** The guide types of /gameway that /esport links (SPEC §2: its guide pages redirect there). */
const GUIDES = [
  ['screendescription', 'front.gameway.tab.screendescription'],
  ['onefolderbetting', 'front.gameway.tab.onefolderbetting'],
  ['twofolderbetting', 'front.gameway.tab.twofolderbetting'],
] as const;

/** /esport's way to the house vendor's e-sports game (101, /esport/gamestart) and to its guides. */
export function EsportLinks() {
  const t = useT();
  const tree = useTree();
  return (
    <nav className="esport-links" aria-label={t('front.menu.gameway')}>
      <MenuEntry link={screenLink(tree, 'esportGamestart')} className="btn btn--gold btn--md" testId="esport-gamestart">{t('front.gameway.play')}</MenuEntry>
      {GUIDES.map(([type, label]) => (
        <MenuEntry key={type} link={screenLink(tree, 'gameway', {}, { type })} className="btn btn--ghost btn--md" testId={`esport-guide-${type}`}>{t(label)}</MenuEntry>
      ))}
    </nav>
  );
}
