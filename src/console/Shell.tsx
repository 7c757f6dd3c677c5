/** The console's frame: the menu (only what the role may open, with live badges), the operator, language, sound and sign-out. */
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CONSOLE_CALLS, passwordChangeBody, type OperatorEventKind } from '../../contract/console';
import { consoleCall } from './api';
import { ErrorNote } from './ui/actions';
import { useCt } from './i18n';
import { useOperatorTopic } from './live';
import { NAV } from './nav';
import { useIsOwner, useMay, useMe, useSetMe } from './session';
import { FormButton } from './ui/FormButton';
import { LanguageSwitch } from './ui/LanguageSwitch';
import { EnrolScreen, SignInScreen } from './screens/SignIn';

export function ConsoleRoot() {
  const t = useCt();
  const me = useMe();
  if (me.isPending) return <p className="loading">{t('console.table.loading')}</p>;
  if (me.isError) return <ErrorNote error={me.error} />;
  if (me.data === null) return <SignInScreen />;
  if (me.data.mustEnrol) return <EnrolScreen />;
  return <Shell />;
}

function Shell() {
  const t = useCt();
  const me = useMe().data!;
  const may = useMay();
  const owner = useIsOwner();
  const setMe = useSetMe();
  const [sound, setSound] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const live = useOperatorTopic(true, sound);
  const path = useRouterState({ select: (state) => state.location.pathname.replace(/^\/admin/, '') || '/' });
  const entries = NAV.filter((entry) => entry.needs === null || (entry.needs === 'owner' ? owner : may(entry.needs)));
  const current = NAV.find((entry) => entry.path === path)?.live;
  const { seen } = live;
  useEffect(() => {
    if (current) seen(current as OperatorEventKind);
  }, [current, seen, live.counts]);
  return (
    <div className="console">
      <nav className="menu" aria-label={t('console.nav.label')}>
        <p className="brand">{t('console.brand')}</p>
        <ul>
          {entries.map((entry) => (
            <li key={entry.path}>
              <Link to={entry.path} activeOptions={{ exact: entry.path === '/' }} data-testid={`nav-${entry.path.slice(1) || 'dashboard'}`}>
                {t(entry.label)}
                {entry.live && live.counts[entry.live] > 0 && <span className="badge" data-testid={`badge-${entry.live}`}>{live.counts[entry.live]}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="main">
        <header className="topbar">
          <span className={live.connected ? 'live on' : 'live'} title={t(live.connected ? 'console.live.on' : 'console.live.off')}>{t(live.connected ? 'console.live.on' : 'console.live.off')}</span>
          <label className="sound"><input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} /> {t('console.live.sound')}</label>
          <LanguageSwitch />
          <span className="operator" data-testid="console-operator">{me.operator.name} ({t(`console.role.${me.operator.role}`)})</span>
          <FormButton label={t('console.password.change')} title={t('console.password.change')} testId="own-password" name="own-password" schema={passwordChangeBody}
            fields={[
              { name: 'current', label: t('console.password.current'), kind: 'password', autoComplete: 'current-password' },
              { name: 'next', label: t('console.password.next'), kind: 'password', autoComplete: 'new-password' },
            ]}
            submitLabel={t('console.common.save')} send={(body) => consoleCall('POST', CONSOLE_CALLS.password.path, body)} onDone={() => setPasswordChanged(true)} />
          {passwordChanged && <span className="done" role="status" data-testid="password-changed">{t('console.password.changed')}</span>}
          <button type="button" data-testid="sign-out" onClick={() => void consoleCall('POST', CONSOLE_CALLS.signOut.path).finally(() => setMe(null))}>{t('console.signOut')}</button>
        </header>
        <main className="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
