import { Link } from '@tanstack/react-router';
import { selectMember, selectNewMsg } from '../../../machines/session';
import { useSessionSelector } from '../../app/appContext';
import { layoutTree } from '../../app/layoutTree';
import { useT } from '../../i18n';
import { Money } from '../../ui/Money';

/** Where the member's pages live on each tree (SPEC §2: desktop top level and /mypage, mobile under /member). */
const MEMBER_LINKS = [
  { id: 'front.memberHome.deposit', desktop: '/charge', mobile: '/member/chargeMain/charge' },
  { id: 'front.memberHome.withdrawal', desktop: '/exchange', mobile: '/member/exchangeMain/exchange' },
  { id: 'front.mypage.point', desktop: '/mypage/point', mobile: '/member/point' },
  { id: 'front.mypage.coupon', desktop: '/mypage/coupon', mobile: '/member/coupon' },
  { id: 'front.mypage.give', desktop: '/mypage/give', mobile: '/member/give' },
  { id: 'front.mypage.chargeList', desktop: '/mypage/chargeList', mobile: '/member/chargeList' },
  { id: 'front.mypage.exchangeList', desktop: '/mypage/exchangeList', mobile: '/member/exchangeList' },
] as const;

/** '/member': the signed-in member's summary and their pages (the guard keeps guests out). */
export function MemberHomePage() {
  const t = useT();
  const member = useSessionSelector(selectMember);
  const newMsg = useSessionSelector(selectNewMsg);
  if (!member) return null;
  return (
    <section className="member-home" data-testid="member-home">
      <h1 className="section-title">{t('front.memberHome.title')}</h1>
      <p className="member-home__welcome">{t('front.memberHome.welcome', { nick: member.memNick })}</p>
      <dl className="stat-grid">
        <div className="stat">
          <dt>{t('front.header.cash')}</dt>
          <dd>
            <Money amount={member.cashAmt} />
          </dd>
        </div>
        <div className="stat">
          <dt>{t('front.header.points')}</dt>
          <dd>
            <Money amount={member.pointAmt} unit="points" />
          </dd>
        </div>
        <div className="stat">
          <dt>{t('front.memberHome.unread')}</dt>
          <dd>{t('front.memberHome.unreadValue', { count: newMsg })}</dd>
        </div>
        <div className="stat">
          <dt>{t('front.memberHome.memId')}</dt>
          <dd>{member.memId}</dd>
        </div>
        <div className="stat">
          <dt>{t('front.memberHome.level')}</dt>
          <dd>
            {t('front.memberHome.levelValue', { level: member.memLevel })}
            {member.isPartnerMember === 'Y' && <span className="tag">{t('front.memberHome.partner')}</span>}
          </dd>
        </div>
      </dl>
      <nav className="member-home__links" aria-label={t('front.memberHome.links')}>
        {MEMBER_LINKS.map((link) => (
          <Link key={link.id} to={link[layoutTree()]} className="btn btn--ghost btn--sm">
            {t(link.id)}
          </Link>
        ))}
      </nav>
    </section>
  );
}
