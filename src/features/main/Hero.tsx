import { Link } from '@tanstack/react-router';
import { selectIsSignedIn } from '../../../machines/session';
import { useSessionSelector } from '../../session/context';
import { requestAuth } from '../../prompts/authPrompt';
import { useT } from '../../i18n';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Button } from '../../ui/Button';

export function Hero() {
  const t = useT();
  const signedIn = useSessionSelector(selectIsSignedIn);
  const tree = useTree();
  return (
    <section className="hero">
      <div className="hero__text">
        <p className="hero__eyebrow">{t('front.main.heroEyebrow')}</p>
        <h1 className="hero__title">{t('front.main.heroTitle')}</h1>
        <p className="hero__body">{t(signedIn ? 'front.main.heroBodyMember' : 'front.main.heroBody')}</p>
        <div className="hero__actions">
          {signedIn ? (
            <Link {...screenLink(tree, 'memberHome')} className="btn btn--gold btn--lg">
              {t('front.main.ctaMember')}
            </Link>
          ) : (
            <>
              <Button size="lg" onClick={() => requestAuth('signup')}>
                {t('front.main.ctaSignup')}
              </Button>
              <Button size="lg" variant="ghost" onClick={() => requestAuth('login')}>
                {t('front.main.ctaLogin')}
              </Button>
            </>
          )}
        </div>
      </div>
      <div className="hero__art" aria-hidden="true">
        <span className="hero__card hero__card--back">♥</span>
        <span className="hero__card hero__card--front">A♠</span>
        <span className="hero__chip hero__chip--one" />
        <span className="hero__chip hero__chip--two" />
      </div>
    </section>
  );
}
