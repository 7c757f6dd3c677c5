import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { checkSearchTerm, SEARCH_MAX, type SupportPost } from '../../../contract/support';
import { codeMessageId } from '../../../machines/errors';
import { keptOf, useSupportBoard, type SupportList } from '../../data/support';
import { useT } from '../../i18n';
import { screenLink } from '../../routes/screens';
import { useTree } from '../../routes/useTree';
import { showAlert } from '../../ui/alerts';
import { Button } from '../../ui/Button';
import { DateText } from '../../ui/DateText';
import { FreshNote } from '../../ui/FreshNote';
import { ListView, type Column } from '../../ui/ListView';
import { SubmitForm } from '../../ui/SubmitForm';

const QNA_STATUS_LABEL = { waiting: 'front.qna.waiting', answered: 'front.qna.answered' } as const;

/**
 * A support board's list (notices or the member's questions): a search by title (the term is required,
 * SPEC §5), pages, each title opening its post. `extra` sits at the end of the search row.
 */
export function SupportBoardList({ call, readScreen, testId, extra }: { call: SupportList; readScreen: 'noticeRead' | 'qnaRead'; testId: string; extra?: ReactNode }) {
  const t = useT();
  const tree = useTree();
  const list = useSupportBoard(call);
  const [term, setTerm] = useState('');

  const search = () => {
    const refusal = checkSearchTerm(term);
    if (refusal) return void showAlert({ messageId: codeMessageId(refusal) });
    list.search(term.trim());
  };

  const columns: Column<SupportPost>[] = [
    {
      label: 'front.board.title',
      cell: (row) => (
        <Link {...screenLink(tree, readScreen, { boardIdx: row.boardIdx })} className="list-link" data-testid={`${testId}-link`}>
          {row.title}
        </Link>
      ),
    },
    ...(call === 'qnaList'
      ? [{
        label: 'front.qna.status',
        align: 'center' as const,
        cell: (row: SupportPost) => (
          <span className={`qna-status qna-status--${row.status}`} data-testid="qna-status">{t(QNA_STATUS_LABEL[row.status ?? 'waiting'])}</span>
        ),
      }]
      : []),
    { label: 'front.board.date', cell: (row) => <DateText value={row.regDate} /> },
  ];
  const kept = keptOf(list.state.data);
  return (
    <>
      <FreshNote kept={kept} />
      <SubmitForm className="support-bar" onSubmit={search} testId={`${testId}-search`}>
        <input
          type="text"
          enterKeyHint="search"
          name="search"
          aria-label={t('front.board.searchTerm')}
          placeholder={t('front.board.searchTerm')}
          maxLength={SEARCH_MAX}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <Button type="submit" variant="ghost" size="sm">{t('front.board.search')}</Button>
        {list.filter && (
          <Button variant="link" size="sm" onClick={() => { setTerm(''); list.search(''); }}>{t('front.board.searchClear')}</Button>
        )}
        {extra && <span className="support-bar__end">{extra}</span>}
      </SubmitForm>
      <ListView list={list} columns={columns} rowKey={(row) => row.boardIdx} emptyId="front.board.empty" testId={testId} />
    </>
  );
}
