/** Members' questions (answered as a message), notices and FAQ entries (written, and edited or deleted in their lists), and messages to a member, a level or everyone. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messageBody, postBody, questionAnswerBody } from '../../../contract/admin';
import type { SupportPost } from '../../../contract/support';
import { consoleCall, queryString } from '../api';
import { useCt } from '../i18n';
import { useMay } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, type ColumnDef } from '../ui/DataTable';
import { FilterSelect } from '../ui/FilterSelect';
import { FormButton } from '../ui/FormButton';
import { seoulTime } from '../ui/format';
import { SchemaForm } from '../ui/SchemaForm';

type QuestionRow = SupportPost & { memId: string };

const QUESTION_STATUSES = ['waiting', 'answered'] as const;
const questionsKey = ['questions'] as const;

export function QuestionsScreen() {
  const t = useCt();
  const [status, setStatus] = useState<(typeof QUESTION_STATUSES)[number]>('waiting');
  const list = useQuery({ queryKey: [...questionsKey, status], queryFn: () => consoleCall<{ list: QuestionRow[] }>('GET', `/questions${queryString({ status })}`) });
  const columns: ColumnDef<QuestionRow>[] = [
    { accessorKey: 'boardIdx', header: t('console.common.id') },
    { accessorKey: 'memId', header: t('console.member.memId') },
    { accessorKey: 'title', header: t('console.posts.title') },
    { accessorKey: 'content', header: t('console.posts.content'), cell: (c) => <span className="clip">{c.getValue<string>()}</span> },
    { accessorKey: 'answer', header: t('console.inquiries.answer'), cell: (c) => <span className="clip">{c.getValue<string | null>()}</span> },
    { accessorKey: 'regDate', header: t('console.common.createdAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => row.status === 'waiting' && (
        <FormButton tone="primary" label={t('console.action.answer')} title={row.title} name="question-answer" schema={questionAnswerBody}
          fields={[{ name: 'answer', label: t('console.inquiries.answer'), kind: 'textarea' }]} submitLabel={t('console.action.answer')}
          send={(body) => consoleCall('POST', `/questions/${row.boardIdx}/answer`, body)} refresh={[questionsKey]} />
      ),
    },
  ];
  return (
    <>
      <h1>{t('console.nav.questions')}</h1>
      <DataTable name="questions" rows={list.data?.list} loading={list.isPending} error={list.error} columns={columns} rowId={(row) => String(row.boardIdx)}
        initialSort={[{ id: 'regDate', desc: false }]}
        toolbar={<FilterSelect label={t('console.common.status')} value={status} values={QUESTION_STATUSES} group="inquiryStatus" onChange={setStatus} />} />
    </>
  );
}

const TARGETS = ['all', 'level', 'member'] as const;
const BOARDS = ['notices', 'faq'] as const;
type Board = (typeof BOARDS)[number];
const postsKey = ['posts'] as const;

/** A board's entries (newest first, searched by title) with each one edited or deleted in its row. */
function BoardList({ board }: { board: Board }) {
  const t = useCt();
  const may = useMay();
  const [q, setQ] = useState('');
  const list = useQuery({
    queryKey: [...postsKey, board, q.trim()],
    queryFn: () => consoleCall<{ list: SupportPost[] }>('GET', `/${board}${queryString({ q: q.trim() })}`),
  });
  const postFields = [{ name: 'title', label: t('console.posts.title') }, { name: 'content', label: t('console.posts.content'), kind: 'textarea' as const }];
  const columns: ColumnDef<SupportPost>[] = [
    { accessorKey: 'boardIdx', header: t('console.common.id') },
    { accessorKey: 'title', header: t('console.posts.title'), cell: (c) => <span className="clip">{c.getValue<string>()}</span> },
    { accessorKey: 'content', header: t('console.posts.content'), cell: (c) => <span className="clip">{c.getValue<string>()}</span> },
    { accessorKey: 'regDate', header: t('console.common.createdAt'), cell: (c) => seoulTime(c.getValue<string>()) },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => (
        <>
          {may(`PUT /${board}/:id`) && (
            <FormButton label={t('console.posts.edit')} title={t('console.posts.editTitle', { id: row.boardIdx })} testId={`edit-${board}-${row.boardIdx}`}
              name={`edit-${board}`} schema={postBody} fields={postFields} initial={{ title: row.title, content: row.content }}
              submitLabel={t('console.common.save')} send={(body) => consoleCall('PUT', `/${board}/${row.boardIdx}`, body)} refresh={[postsKey]} />
          )}
          {may(`DELETE /${board}/:id`) && (
            <ActionButton tone="danger" label={t('console.community.delete')} testId={`delete-${board}-${row.boardIdx}`}
              confirm={t('console.community.confirmDelete', { id: row.boardIdx })}
              send={() => consoleCall('DELETE', `/${board}/${row.boardIdx}`)} refresh={[postsKey]} />
          )}
        </>
      ),
    },
  ];
  return (
    <DataTable name={board} rows={list.data?.list} loading={list.isPending} error={list.error} columns={columns} rowId={(row) => String(row.boardIdx)}
      initialSort={[{ id: 'regDate', desc: true }]} pageSize={10}
      toolbar={(
        <label className="filter-select">
          {t('console.posts.searchTitle')}
          <input type="search" value={q} maxLength={50} data-testid={`${board}-q`} onChange={(event) => setQ(event.target.value)} />
        </label>
      )} />
  );
}

export function PostsScreen() {
  const t = useCt();
  const may = useMay();
  const [target, setTarget] = useState<(typeof TARGETS)[number]>('all');
  const postFields = [{ name: 'title', label: t('console.posts.title') }, { name: 'content', label: t('console.posts.content'), kind: 'textarea' as const }];
  return (
    <>
      <h1>{t('console.nav.posts')}</h1>
      <div className="columns">
        {BOARDS.map((board) => may(`POST /${board}`) && (
          <section key={board}>
            <h2>{t(`console.posts.${board}`)}</h2>
            <SchemaForm name={`post-${board}`} schema={postBody} fields={postFields} submitLabel={t('console.posts.publish')}
              send={(body) => consoleCall('POST', `/${board}`, body)} refresh={[postsKey]} resetOnDone />
          </section>
        ))}
        {may('POST /messages') && (
          <section>
            <h2>{t('console.posts.message')}</h2>
            <FilterSelect label={t('console.posts.target')} value={target} values={TARGETS} group="messageTarget" onChange={setTarget} />
            <SchemaForm key={target} name="message" schema={messageBody} fixed={{ target }}
              fields={[
                ...(target === 'member' ? [{ name: 'memId', label: t('console.member.memId') }] : []),
                ...(target === 'level' ? [{ name: 'level', label: t('console.posts.level') }] : []),
                ...postFields,
              ]}
              submitLabel={t('console.common.send')} send={(body) => consoleCall('POST', '/messages', body)} resetOnDone />
          </section>
        )}
      </div>
      {BOARDS.map((board) => may(`GET /${board}`) && (
        <div key={board}>
          <h2>{t('console.posts.listOf', { board: t(`console.posts.${board}`) })}</h2>
          <BoardList board={board} />
        </div>
      ))}
    </>
  );
}
