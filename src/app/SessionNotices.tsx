import { useEffect, useRef } from 'react';
import { selectNotice } from '../../machines/session';
import { showAlert } from '../ui/alerts';
import { useSession, useSessionSelector } from '../session/context';

/** Shows the session's notice (e.g. 'api.TK999' after a second login elsewhere) and dismisses it when read. */
export function SessionNotices() {
  const session = useSession();
  const notice = useSessionSelector(selectNotice);
  const showing = useRef<string | null>(null);

  useEffect(() => {
    if (!notice || showing.current === notice) return;
    showing.current = notice;
    void showAlert({ messageId: notice, level: 'warningart' }).then(() => {
      showing.current = null;
      session.send({ type: 'notice.dismiss' });
    });
  }, [notice, session]);

  return null;
}
