import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onRealtimeEvent } from '../../realtime/events';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { showAlert } from '../../ui/alerts';

/**
 * SPEC §2, §8: a new message raises "신규 메세지가 도착했습니다. 메세지 함으로 이동합니다." and, once the
 * member closes it, opens the inbox. Only arrivals raise it (MSG with data2 NEW), not a read elsewhere.
 */
export function NewMessagePopup() {
  const navigate = useNavigate();
  const tree = useTree();
  useEffect(() => onRealtimeEvent((event) => {
    if (event.type !== 'msg.unread' || !event.arrived) return;
    void showAlert({ messageId: 'front.msg.arrived', level: 'agreeart' }).then(() => navigate(screenLink(tree, 'message')));
  }), [navigate, tree]);
  return null;
}
