import { selectMember, selectNewMsg } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { useT } from '../../i18n';
import { MenuEntry } from '../../routes/MenuEntry';
import { useMenu } from '../../routes/useMenu';
import { Facts } from '../../ui/Facts';
import { Money } from '../../ui/Money';

/** '/member': the signed-in member's summary and their pages from the screen map (the guard keeps guests out). */
export function MemberHomePage() {
  const t = useT();
  const member = useSessionSelector(selectMember);
  const newMsg = useSessionSelector(selectNewMsg);
  const links = useMenu('memberHub');
  if (!member) return null;
  return (
    <section className="member-home" data-testid="member-home">
      <h1 className="section-title">{t('front.memberHome.title')}</h1>
      <p className="member-home__welcome">{t('front.memberHome.welcome', { nick: member.memNick })}</p>
      <Facts
        className="stat-grid"
        itemClassName="stat"
        rows={[
          { label: t('front.header.cash'), value: <Money amount={member.cashAmt} /> },
          { label: t('front.header.points'), value: <Money amount={member.pointAmt} unit="points" /> },
          { label: t('front.memberHome.unread'), value: t('front.memberHome.unreadValue', { count: newMsg }) },
          { label: t('front.memberHome.memId'), value: member.memId },
          {
            label: t('front.memberHome.level'),
            value: (
              <>
                {t('front.memberHome.levelValue', { level: member.memLevel })}
                {member.isPartnerMember === 'Y' && <span className="tag">{t('front.memberHome.partner')}</span>}
              </>
            ),
          },
        ]}
      />
      <nav className="member-home__links" aria-label={t('front.memberHome.links')}>
        {links.map((item) => (
          <MenuEntry key={item.id} link={item.link} className="btn btn--ghost btn--sm" testId={`hub-${item.id}`}>
            {t(item.title)}
          </MenuEntry>
        ))}
      </nav>
    </section>
  );
}
