import { SupportBoardList } from './SupportBoardList';
import { PostPage } from './PostPage';
import { SupportLayout } from './SupportLayout';

export function NoticeListPage() {
  return (
    <SupportLayout current="notice" title="front.menu.notice" testId="notice-page">
      <SupportBoardList call="noticeList" readScreen="noticeRead" testId="notice-list" />
    </SupportLayout>
  );
}

export function NoticeReadPage() {
  return <PostPage call="noticeDetail" list="notice" title="front.menu.notice" testId="notice-read" />;
}
