import { useT } from '../../i18n';
import { SignupForm } from './SignupForm';
import { useSignupOptions } from './useSignupOptions';

/** Loads the bank list and sign-up options, then shows the form (desktop modal and mobile /join). */
export function SignupPanel({ onOpenLogin }: { onOpenLogin(): void }) {
  const t = useT();
  const options = useSignupOptions();
  if (options.status === 'loading') return <p className="panel-note">{t('front.loading')}</p>;
  if (options.status === 'failed') return <p className="panel-note panel-note--error">{t('front.error.loadFailed')}</p>;
  return (
    <SignupForm
      banks={options.data.banks}
      fixedRecommenderId={options.data.fixedRecommenderId}
      onOpenLogin={onOpenLogin}
      closed={!options.data.signupOpen}
    />
  );
}
