/** Sign-in (id, password and the TOTP or a recovery code) and TOTP enrolment with its QR code and recovery codes. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CONSOLE_CALLS, signInBody, totpConfirmBody, type ConsoleMe, type TotpEnrolment } from '../../../contract/console';
import { consoleCall } from '../api';
import { useCt } from '../i18n';
import { ErrorNote } from '../ui/actions';
import { QrCode } from '../ui/QrCode';
import { SchemaForm } from '../ui/SchemaForm';
import { useSetMe } from '../session';
import { LanguageSwitch } from '../ui/LanguageSwitch';

export function SignInScreen() {
  const t = useCt();
  const setMe = useSetMe();
  return (
    <main className="sign-in">
      <LanguageSwitch />
      <h1>{t('console.signIn.title')}</h1>
      <p>{t('console.signIn.hint')}</p>
      <SchemaForm
        name="sign-in"
        schema={signInBody}
        fields={[
          { name: 'operatorId', label: t('console.signIn.operatorId'), autoComplete: 'username' },
          { name: 'password', label: t('console.signIn.password'), kind: 'password', autoComplete: 'current-password' },
          { name: 'code', label: t('console.signIn.code'), autoComplete: 'one-time-code', optional: true },
        ]}
        submitLabel={t('console.signIn.submit')}
        send={(body) => consoleCall<ConsoleMe>('POST', CONSOLE_CALLS.signIn.path, body)}
        onDone={(me) => setMe(me as ConsoleMe)}
      />
    </main>
  );
}

export function EnrolScreen() {
  const t = useCt();
  const setMe = useSetMe();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const start = useMutation({ mutationFn: () => consoleCall<TotpEnrolment>('POST', CONSOLE_CALLS.totpStart.path) });
  const finish = async () => setMe(await consoleCall<ConsoleMe>('GET', CONSOLE_CALLS.me.path));
  return (
    <main className="sign-in enrol">
      <h1>{t('console.enrol.title')}</h1>
      {recoveryCodes ? (
        <>
          <p>{t('console.enrol.recoveryHint')}</p>
          <ol className="recovery-codes" data-testid="recovery-codes">{recoveryCodes.map((code) => <li key={code}><code>{code}</code></li>)}</ol>
          <button type="button" className="primary" onClick={() => void finish()}>{t('console.enrol.done')}</button>
        </>
      ) : start.data ? (
        <>
          <p>{t('console.enrol.scan')}</p>
          <QrCode text={start.data.otpauthUrl} label={t('console.enrol.qrLabel')} />
          <p>{t('console.enrol.secret')} <code data-testid="totp-secret">{start.data.secret}</code></p>
          <SchemaForm
            name="totp-confirm"
            schema={totpConfirmBody}
            fields={[{ name: 'code', label: t('console.signIn.code'), autoComplete: 'one-time-code' }]}
            submitLabel={t('console.enrol.confirm')}
            send={(body) => consoleCall<{ recoveryCodes: string[] }>('POST', CONSOLE_CALLS.totpConfirm.path, body)}
            onDone={(result) => setRecoveryCodes((result as { recoveryCodes: string[] }).recoveryCodes)}
          />
        </>
      ) : (
        <>
          <p>{t('console.enrol.intro')}</p>
          <button type="button" className="primary" data-testid="totp-start" disabled={start.isPending} onClick={() => start.mutate()}>{t('console.enrol.start')}</button>
          <ErrorNote error={start.error} />
        </>
      )}
    </main>
  );
}
