import { Link } from '@tanstack/react-router';
import { screenLink } from '../../routes/screens';
import { useState, type FormEvent } from 'react';
import { BOARD_SEARCH_TYPES, type BoardPostSummary, type BoardSearchType } from '../../../contract/community';
import { useBoardList, type BoardFilter } from '../../data/community';
import { useT } from '../../i18n';
import { MenuSection } from '../../routes/MenuSection';
import { useTree } from '../../routes/useTree';
import { showAlert } from '../../ui/alerts';
import { DateText } from '../../ui/DateText';
import { ListView, type Column } from '../../ui/ListView';
import './memberBoard.css';

/** /board/list: the member board, newest first, with a category filter and a search whose term is required. */
export function BoardListPage() {
  const t = useT();
  const tree = useTree();
  const list = useBoardList({ category: 'all' } as BoardFilter);
  const [searchType, setSearchType] = useState<BoardSearchType>('title');
  const [text, setText] = useState('');

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      void showAlert({ messageId: 'api.BD003' });
      return;
    }
    list.search({ category: 'all', search: { type: searchType, text: text.trim() } });
  };

  const columns: Column<BoardPostSummary>[] = [
    { label: 'front.board.category', cell: (row) => <span className={`board-tag board-tag--${row.category}`}>{t(`front.board.cat.${row.category}`)}</span> },
    {
      label: 'front.board.title',
      cell: (row) => (
        <Link {...screenLink(tree, 'boardRead', { boardIdx: row.boardIdx })} className="board-title-link" data-testid="board-title">
          {row.title}
          {row.commentCount > 0 && <span className="board-count"> [{row.commentCount}]</span>}
          {row.imageCount > 0 && <span className="board-count" aria-label={t('front.board.hasImage')}> ▣</span>}
        </Link>
      ),
    },
    { label: 'front.board.writer', cell: (row) => row.memNick || t('front.board.operator') },
    { label: 'front.board.date', cell: (row) => <DateText value={row.createdAt} />, align: 'end' },
  ];

  return (
    <MenuSection title="front.board.listTitle" testId="board-list-page" className="board-page">
      <div className="board-toolbar">
        <form className="board-search" onSubmit={search} role="search">
          <select value={searchType} onChange={(e) => setSearchType(e.target.value as BoardSearchType)} aria-label={t('front.board.searchType')}>
            {BOARD_SEARCH_TYPES.map((type) => <option key={type} value={type}>{t(`front.board.search.${type}`)}</option>)}
          </select>
          <input value={text} onChange={(e) => setText(e.target.value)} maxLength={50} aria-label={t('front.board.searchText')} placeholder={t('front.board.searchText')} />
          <button type="submit" className="btn btn--ghost btn--md">{t('front.board.searchButton')}</button>
        </form>
        <Link {...screenLink(tree, 'boardWrite')} className="btn btn--gold btn--md" data-testid="board-write-link">{t('front.board.write')}</Link>
      </div>
      <ListView list={list} columns={columns} rowKey={(row) => row.boardIdx} emptyId="front.board.empty" testId="board" />
    </MenuSection>
  );
}
