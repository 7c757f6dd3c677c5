import { useSession } from '../../session/context';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { showConfirm } from '../../ui/alerts';

export function LogoutButton() {
  const t = useT();
  const session = useSession();
  async function logout(): Promise<void> {
    if (await showConfirm({ messageId: 'front.header.confirmLogout' })) session.send({ type: 'session.logout' });
  }
  return (
    <Button variant="ghost" size="sm" data-testid="header-logout" onClick={() => void logout()}>
      {t('front.header.logout')}
    </Button>
  );
}
