import { useLingui } from '@lingui/react';
import { dismissInstall, promptInstall } from './register';
import { usePwaState } from './usePwaState';

/**
 * "홈 화면에 추가": the browser's own install dialog where it offers one (beforeinstallprompt), and how to
 * do it by hand on iOS, which has none. "나중에" keeps it away for a month. Never over the update prompt.
 */
export function InstallPrompt() {
  const { i18n } = useLingui();
  const { install, updateWaiting } = usePwaState();
  if (install === 'none' || updateWaiting) return null;
  return (
    <div className="pwa-update" role="dialog" aria-label={i18n._('front.pwa.install')} data-testid="install-prompt">
      <span className="pwa-update__text">{i18n._(install === 'ios' ? 'front.pwa.installIos' : 'front.pwa.installText')}</span>
      {install === 'prompt' && (
        <button type="button" className="pwa-update__apply" onClick={promptInstall} data-testid="install-apply">
          {i18n._('front.pwa.install')}
        </button>
      )}
      <button type="button" className="pwa-update__later" onClick={dismissInstall} data-testid="install-later">
        {i18n._('front.pwa.later')}
      </button>
    </div>
  );
}
