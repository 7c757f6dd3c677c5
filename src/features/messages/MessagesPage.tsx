import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { MessageItem } from '../../../contract/support';
import { keptOf, useDeleteMessages, useMessageList } from '../../data/support';
import { useT } from '../../i18n';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { Button } from '../../ui/Button';
import { DateText } from '../../ui/DateText';
import { FreshNote } from '../../ui/FreshNote';
import { ListView, type Column } from '../../ui/ListView';
import { useSendDialogs } from '../../ui/useSendDialogs';
import '../../ui/posts.css';

/**
 * The inbox (SPEC §2 my page message): messages newest first, unread ones marked; a message opens on its
 * own page (which marks it read); deleting needs a selection (M001) and takes read messages only (M002).
 */
export function MessagesPage() {
  const t = useT();
  const tree = useTree();
  const list = useMessageList();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const remove = useSendDialogs<number[], unknown>(useDeleteMessages(), {
    confirm: () => ({ messageId: 'front.board.confirmDelete' }),
    onDone: () => setSelected(new Set()),
    done: () => ({ messageId: 'front.board.completeDelete' }),
  });

  const toggle = (msgIdx: number) => setSelected((current) => {
    const next = new Set(current);
    if (next.has(msgIdx)) next.delete(msgIdx);
    else next.add(msgIdx);
    return next;
  });

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
        <Link {...screenLink(tree, 'messageRead', { msgIdx: row.msgIdx })} className={row.readYn === 'N' ? 'list-link unread-title' : 'list-link'} data-testid="msg-link">
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
        <Button variant="danger" size="sm" className="support-bar__end" onClick={() => remove.submit([...selected])} disabled={remove.sending} data-testid="msg-delete">
          {t('front.msg.deleteSelected')}
        </Button>
      </div>
      <ListView list={list} columns={columns} rowKey={(row) => row.msgIdx} emptyId="front.msg.empty" testId="msg-list" />
    </section>
  );
}
