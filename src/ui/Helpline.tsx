import { HELPLINE } from '../../contract/protection';
import { useT } from '../i18n';
import './Helpline.css';

/** The Korean problem-gambling helpline (1336) and its chat: in the footer and under every protection refusal. */
export function Helpline() {
  const t = useT();
  return (
    <p className="helpline" data-testid="helpline">
      <span>{t('front.protection.helpline')}</span>{' '}
      <a className="helpline__phone" href={`tel:${HELPLINE.phone}`}>{HELPLINE.phone}</a>
      {' · '}
      <a href={HELPLINE.chatUrl} target="_blank" rel="noopener noreferrer">{t('front.protection.helplineChat')}</a>
    </p>
  );
}
