import { useLingui } from '@lingui/react';
import { applyUpdate, dismissUpdate } from './register';
import { usePwaState } from './usePwaState';

/** Shown when a new version of the site waits; "update now" activates it and reloads. */
export function UpdatePrompt() {
  const { i18n } = useLingui();
  const { updateWaiting } = usePwaState();
  if (!updateWaiting) return null;
  return (
    <div className="pwa-update" role="alert">
      <span className="pwa-update__text">{i18n._('front.pwa.updateReady')}</span>
      <button type="button" className="pwa-update__apply" onClick={applyUpdate}>
        {i18n._('front.pwa.updateNow')}
      </button>
      <button type="button" className="pwa-update__later" onClick={dismissUpdate}>
        {i18n._('front.pwa.later')}
      </button>
    </div>
  );
}
