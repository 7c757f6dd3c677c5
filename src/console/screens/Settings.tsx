/**
 * Site and wallet settings (owner): the maintenance window, site options, wallet limits and switches, the
 * four-eyes thresholds and message retention. A form whose call has a read starts from what it answers.
 */
import { messageRetentionBody, siteCheckBody, siteOptionsBody, walletSettingsBody } from '../../../contract/admin';
import { CONSOLE_CALLS, fourEyesSettingsBody, type FourEyesSettings } from '../../../contract/console';
import { consoleCall } from '../api';
import { useCt } from '../i18n';
import { ReadForm } from '../ui/ReadForm';
import { SchemaForm, type FieldSpec } from '../ui/SchemaForm';

const WALLET_NUMBERS = ['depositMin', 'depositMax', 'depositUnit', 'withdrawMin', 'withdrawMax', 'withdrawUnit', 'rerequestWaitMinutes',
  'firstDepositBonusRate', 'firstDepositBonusCap', 'dailyBonusRate', 'dailyBonusCap', 'usdtPriceKrw'] as const;
const WALLET_SWITCHES = ['withdrawalsOn', 'pointConversionOn', 'transfersOn'] as const;

export function SettingsScreen() {
  const t = useCt();
  const label = (name: string) => t(`console.settings.${name}`);
  const walletFields: FieldSpec[] = [
    ...WALLET_NUMBERS.map((name) => ({ name, label: label(name), kind: 'number' as const, optional: true })),
    { name: 'usdtDepositAddress', label: label('usdtDepositAddress'), optional: true },
    ...WALLET_SWITCHES.map((name) => ({ name, label: label(name), kind: 'checkbox' as const })),
  ];
  const fourEyesFields: FieldSpec[] = (['withdrawalMin', 'adjustmentMax', 'pointGrantMax', 'expiryMinutes'] as const)
    .map((name) => ({ name, label: label(name), kind: 'number' as const, optional: true }));
  return (
    <>
      <h1>{t('console.nav.settings')}</h1>
      <div className="columns">
        <section>
          <h2>{label('maintenance')}</h2>
          <SchemaForm name="site-check" schema={siteCheckBody}
            fields={[{ name: 'startDate', label: label('startDate'), kind: 'datetime' }, { name: 'endDate', label: label('endDate'), kind: 'datetime' }]}
            submitLabel={t('console.common.save')} send={(body) => consoleCall('PUT', '/site-check', body)} />
          <p className="muted">{label('maintenanceHint')}</p>
        </section>
        <section>
          <h2>{label('siteOptions')}</h2>
          <SchemaForm name="site-options" schema={siteOptionsBody}
            fields={[
              { name: 'signupOpen', label: label('signupOpen'), kind: 'tristate' },
              { name: 'joinRecommanderId', label: label('joinRecommanderId'), optional: true },
              { name: 'sns2Link', label: label('sns2Link'), optional: true },
            ]}
            submitLabel={t('console.common.save')} send={(body) => consoleCall('PUT', '/site-options', body)} />
        </section>
        <ReadForm name="four-eyes" title={label('fourEyes')} read={CONSOLE_CALLS.fourEyes.path} dataOf={(a: { settings: FourEyesSettings }) => ({ ...a.settings })}
          fields={fourEyesFields} schema={fourEyesSettingsBody} write={(body) => consoleCall('PUT', CONSOLE_CALLS.fourEyesChange.path, body)} />
        <ReadForm name="retention" title={label('retention')} read="/message-retention" dataOf={(a: Record<string, unknown>) => a}
          fields={[{ name: 'maxDays', label: label('maxDays'), kind: 'number' }, { name: 'maxItems', label: label('maxItems'), kind: 'number' }]}
          schema={messageRetentionBody} write={(body) => consoleCall('PUT', '/message-retention', body)} />
      </div>
      <ReadForm name="wallet" title={label('wallet')} read="/wallet-settings" dataOf={(a: { settings: Record<string, unknown> }) => a.settings}
        fields={walletFields} schema={walletSettingsBody} write={(body) => consoleCall('PUT', '/wallet-settings', body)} />
    </>
  );
}
