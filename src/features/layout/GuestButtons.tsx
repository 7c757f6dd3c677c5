import { requestAuth } from '../../prompts/authPrompt';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';

/** Sign-up and login for guests; the route tree's shell decides whether they open modals or pages. */
export function GuestButtons() {
  const t = useT();
  return (
    <div className="guest-buttons">
      <Button variant="ghost" size="sm" data-testid="header-signup" onClick={() => requestAuth('signup')}>
        {t('front.header.signup')}
      </Button>
      <Button size="sm" data-testid="header-login" onClick={() => requestAuth('login')}>
        {t('front.header.login')}
      </Button>
    </div>
  );
}
