import { Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onAuthRequest } from '../prompts/authPrompt';
import { MobileHeader } from '../features/layout/MobileHeader';
import { GameHost, NewMessagePopup, ProtectionLayer } from '../app/memberShell';
import { SiteFooter } from '../features/layout/SiteFooter';
import { screenLink } from './screens';

/** The phone layout: header with the member's facts, page, footer; login and sign-up are pages. */
export function MobileShell() {
  const navigate = useNavigate();
  useEffect(() => onAuthRequest((prompt) => void navigate(screenLink('phone', prompt === 'login' ? 'login' : 'join'))), [navigate]);
  return (
    <div className="mobile-shell">
      <MobileHeader />
      <main className="mobile-shell__page">
        <Outlet />
      </main>
      <SiteFooter />
      <NewMessagePopup />
      <GameHost />
      <ProtectionLayer />
    </div>
  );
}
