import { Outlet } from '@tanstack/react-router';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { onAuthRequest, type AuthPrompt } from '../prompts/authPrompt';
import { DesktopHeader } from '../features/layout/DesktopHeader';
import { LeftMenu } from '../features/layout/LeftMenu';
import { GameHost, NewMessagePopup, ProtectionLayer } from '../app/memberShell';
import { SiteFooter } from '../features/layout/SiteFooter';
import { loadAllMessages } from '../i18n';

// The dialogs are fetched when first opened: a guest's first page does not carry the forms.
// Each dialog shows once its chunk and the whole catalog are there (the first paint loads only its own texts).
const LoginDialog = lazy(async () => ({ default: (await Promise.all([import('../features/auth/LoginDialog'), loadAllMessages()]))[0].LoginDialog }));
const SignupDialog = lazy(async () => ({ default: (await Promise.all([import('../features/auth/SignupDialog'), loadAllMessages()]))[0].SignupDialog }));

/** The desktop site layout: header, left menu, page, footer; login and sign-up open as modals. */
export function DesktopShell() {
  const [prompt, setPrompt] = useState<AuthPrompt | null>(null);
  useEffect(() => onAuthRequest(setPrompt), []);
  const close = useCallback(() => setPrompt(null), []);
  const openLogin = useCallback(() => setPrompt('login'), []);
  const openSignup = useCallback(() => setPrompt('signup'), []);

  return (
    <div className="desktop-shell">
      <DesktopHeader />
      <div className="desktop-shell__body">
        <LeftMenu />
        <main className="desktop-shell__page">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
      <NewMessagePopup />
      <GameHost />
      <ProtectionLayer />
      <Suspense fallback={null}>
        {prompt === 'login' && <LoginDialog onClose={close} onSignup={openSignup} />}
        {prompt === 'signup' && <SignupDialog onClose={close} onLogin={openLogin} />}
      </Suspense>
    </div>
  );
}
