import { Link } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { checkMessageSelection, type MessageItem } from '../../../contract/support';
import { NETWORK_ERROR_ID, resultCodeOf } from '../../../machines/errors';
import { keptOf, supportQueries, useDeleteMessages, useMemId } from '../../data/support';
import { useApi } from '../../data/api';
import { useT } from '../../i18n';
import { pathWith } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { showAlert, showConfirm } from '../../ui/alerts';
import { Button } from '../../ui/Button';
import { DateText } from '../../ui/DateText';
import { FreshNote } from '../../ui/FreshNote';
import { ListView, type Column } from '../../ui/ListView';
import { usePagedList } from '../../ui/usePagedList';
import '../../ui/posts.css';

/**
 * The inbox (SPEC §2 my page message): messages newest first, unread ones marked; a message opens on its
 * own page (which marks it read); deleting needs a selection (M001) and takes read messages only (M002).
 */
export function MessagesPage() {
  const t = useT();
  const api = useApi();
  const memId = useMemId();
  const tree = useTree();
  const list = usePagedList((filter: null, page) => supportQueries.messages(api, memId, filter, page), null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const remove = useDeleteMessages();
  const busy = useRef(false);

  const toggle = (msgIdx: number) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(msgIdx)) next.delete(msgIdx);
    else next.add(msgIdx);
    return next;
  });

  const onDelete = useCallback(async () => {
    if (busy.current) return;
    const msgIdxs = [...selected];
    const refusal = checkMessageSelection(msgIdxs);
    if (refusal) return showAlert({ messageId: `api.${refusal}` });
    busy.current = true;
    try {
      if (!(await showConfirm({ messageId: 'front.board.confirmDelete' }))) return;
      await remove.mutateAsync(msgIdxs);
      setSelected(new Set());
      await showAlert({ messageId: 'front.board.completeDelete', level: 'agreeart' });
    } catch (error) {
      const code = resultCodeOf(error);
      await showAlert({ messageId: code ? `api.${code}` : NETWORK_ERROR_ID });
    } finally {
      busy.current = false;
    }
  }, [remove, selected]);

  const columns: Column<MessageItem>[] = [
    {
      label: 'front.msg.select',
      align: 'center',
      cell: (row) => (
        <input
          type="checkbox"
          aria-label={t('front.msg.selectOne', { title: row.title })}
          checked={selected.has(row.msgIdx)}
          onChange={() => toggle(row.msgIdx)}
          data-testid="msg-select"
        />
      ),
    },
    {
      label: 'front.msg.title',
      cell: (row) => (
        <Link to={pathWith('messageRead', tree, { msgIdx: row.msgIdx })} className={row.readYn === 'N' ? 'list-link unread-title' : 'list-link'} data-testid="msg-link">
          {row.title}
        </Link>
      ),
    },
    { label: 'front.msg.date', cell: (row) => <DateText value={row.regDate} format="monthDayTime" /> },
    {
      label: 'front.msg.status',
      align: 'center',
      cell: (row) => <span data-testid="msg-status">{t(row.readYn === 'Y' ? 'front.msg.read' : 'front.msg.unread')}</span>,
    },
  ];

  const kept = keptOf(list.state.data);
  return (
    <section className="support" data-testid="messages">
      <h1 className="section-title">{t('front.menu.message')}</h1>
      <FreshNote kept={kept} />
      <div className="support-bar">
        <p className="panel-note">{t('front.msg.retentionNote')}</p>
        <Button variant="danger" size="sm" className="support-bar__end" onClick={() => void onDelete()} disabled={remove.isPending} data-testid="msg-delete">
          {t('front.msg.deleteSelected')}
        </Button>
      </div>
      <ListView list={list} columns={columns} rowKey={(row) => row.msgIdx} emptyId="front.msg.empty" testId="msg-list" />
    </section>
  );
}
