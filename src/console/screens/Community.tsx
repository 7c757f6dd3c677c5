/**
 * Board moderation (posts by status: hide, show, delete; a post's comments, each deleted in its row), banners and
 * popups (a new one; each edited, switched on or off, or deleted in its row), attendance and the prize wheel
 * (read by support, changed by the owner).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { attendanceSettingsBody, bannerBody, bannerPatchBody, boardPostsQuery, ROTARY_PRIZES_MAX, rotaryBody } from '../../../contract/communityAdmin';
import { consoleCall, queryString } from '../api';
import { useCt, type Translate } from '../i18n';
import { useMay } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, fieldColumns, type ColumnDef } from '../ui/DataTable';
import { Facts } from '../ui/Facts';
import { FilterSelect } from '../ui/FilterSelect';
import { FormButton } from '../ui/FormButton';
import { seoulTime } from '../ui/format';
import { ReadForm } from '../ui/ReadForm';
import { datetimeInput, type FieldSpec } from '../ui/SchemaForm';

/** A board post as GET /board/posts lists it (its id is `id`). */
type PostRow = Record<string, unknown> & { id: number };
type CommentRow = { id: number; memId: string; content: string; createdAt: string; deletedAt: string | null };
type Prize = { label: string; points: number; weight: number };

type BannerRow = Record<string, unknown> & {
  id: number; kind: 'banner' | 'popup'; title: string; link: string; ord: number; startsAt: string | null; endsAt: string | null; active: boolean;
};
const BANNER_KINDS = bannerBody.shape.kind.options;

/** A banner's fields as its forms have them (the kind only when it is made; the image stays as it is). */
function bannerFields(t: Translate, withKind: boolean): FieldSpec[] {
  return [
    ...(withKind ? [{ name: 'kind', label: t('console.common.kind'), kind: 'select' as const, options: BANNER_KINDS.map((kind) => ({ value: kind, label: t(`console.bannerKind.${kind}`) })) }] : []),
    { name: 'title', label: t('console.posts.title') },
    { name: 'link', label: t('console.banners.link') },
    { name: 'ord', label: t('console.banners.ord'), kind: 'number', optional: true },
    { name: 'startsAt', label: t('console.banners.startsAt'), kind: 'datetime' },
    { name: 'endsAt', label: t('console.banners.endsAt'), kind: 'datetime' },
    withKind ? { name: 'active', label: t('console.banners.active'), kind: 'checkbox' } : { name: 'active', label: t('console.banners.active'), kind: 'tristate' },
  ];
}
const POST_STATUSES = boardPostsQuery.shape.status.unwrap().options;
const communityKey = ['community'] as const;

const prizeField = (i: number, part: keyof Prize) => `prize${i}_${part}`;
const optionalText = z.string().optional();
/**
 * The wheel's form: on or off, and up to the contract's number of prizes typed one per row (a row without a label is
 * left out), sent as rotaryBody; the prizes are replaced only when a row changed.
 */
export function rotarySchema(current: readonly Prize[]) {
  return z.object({
    enabled: z.boolean(),
    ...Object.fromEntries(Array.from({ length: ROTARY_PRIZES_MAX }, (_, i) => (['label', 'points', 'weight'] as const).map((part) => [prizeField(i, part), optionalText])).flat()),
  }).transform(({ enabled, ...rows }): z.input<typeof rotaryBody> => {
    const text = rows as Record<string, string | undefined>;
    const prizes = Array.from({ length: ROTARY_PRIZES_MAX }, (_, i) => i).filter((i) => (text[prizeField(i, 'label')] ?? '').trim() !== '')
      .map((i) => ({ label: text[prizeField(i, 'label')]!, points: Number(text[prizeField(i, 'points')] || NaN), weight: Number(text[prizeField(i, 'weight')] || NaN) }));
    const same = JSON.stringify(prizes) === JSON.stringify(current.map(({ label, points, weight }) => ({ label, points, weight })));
    return same ? { enabled: enabled as boolean } : { enabled: enabled as boolean, prizes };
  }).pipe(rotaryBody);
}

/** A post's comments, oldest first, each deleted in its row (a deleted one stays listed, marked). */
function PostComments({ postId }: { postId: number }) {
  const t = useCt();
  const comments = useQuery({ queryKey: [...communityKey, 'comments', postId], queryFn: () => consoleCall<{ list: CommentRow[] }>('GET', `/board/posts/${postId}/comments`) });
  const columns: ColumnDef<CommentRow>[] = [
    { accessorKey: 'id', header: t('console.common.id') },
    { accessorKey: 'memId', header: t('console.member.memId') },
    { accessorKey: 'content', header: t('console.posts.content'), cell: (c) => <span className="clip" title={c.getValue<string>()}>{c.getValue<string>()}</span> },
    { accessorKey: 'createdAt', header: t('console.member.at'), cell: (c) => seoulTime(c.getValue<string>()) },
    { accessorKey: 'deletedAt', header: t('console.community.deletedAt'), cell: (c) => seoulTime(c.getValue<string | null>()) },
    {
      id: 'actions', header: t('console.common.actions'), enableSorting: false,
      cell: ({ row: { original: row } }) => row.deletedAt === null && (
        <ActionButton tone="danger" label={t('console.community.delete')} confirm={t('console.community.confirmDelete', { id: row.id })} testId={`delete-comment-${row.id}`}
          send={() => consoleCall('POST', `/board/comments/${row.id}/delete`)} refresh={[communityKey]} />
      ),
    },
  ];
  return (
    <section className="member-part" data-testid={`comments-${postId}`}>
      <h3>{t('console.community.commentsOf', { id: postId })}</h3>
      <DataTable name="comments" rows={comments.data?.list} loading={comments.isPending} error={comments.error} columns={columns} rowId={(row) => String(row.id)} pageSize={10} />
    </section>
  );
}

/** Attendance and the prize wheel: support reads them, the owner changes them (PUT is the owner's). */
function Rewards() {
  const t = useCt();
  const may = useMay();
  const attendance = useQuery({ queryKey: ['settings', 'attendance'], queryFn: () => consoleCall<Record<string, unknown>>('GET', '/attendance-settings') });
  const rotary = useQuery({ queryKey: ['settings', 'rotary'], queryFn: () => consoleCall<{ enabled: boolean; prizes: Prize[] }>('GET', '/rotary') });
  const attendanceFields: FieldSpec[] = [
    { name: 'enabled', label: t('console.rewards.enabled'), kind: 'checkbox' },
    ...(['dailyPoints', 'bonusEvery', 'bonusPoints'] as const).map((name): FieldSpec => ({ name, label: t(`console.rewards.${name}`), kind: 'number', optional: true })),
  ];
  const prizes = rotary.data?.prizes ?? [];
  const rotaryFields: FieldSpec[] = [
    { name: 'enabled', label: t('console.rewards.enabled'), kind: 'checkbox' },
    // The prizes there are and two empty rows to add one (up to the most the wheel takes).
    ...Array.from({ length: Math.min(ROTARY_PRIZES_MAX, prizes.length + 2) }, (_, i) => (['label', 'points', 'weight'] as const).map((part): FieldSpec => ({
      name: prizeField(i, part), label: t(`console.rewards.prize.${part}`, { n: i + 1 }), kind: part === 'label' ? 'text' : 'number', optional: true,
    }))).flat(),
  ];
  return (
    <div className="columns">
      {may('PUT /attendance-settings') ? (
        <ReadForm name="attendance" title={t('console.rewards.attendance')} read="/attendance-settings" dataOf={(a: Record<string, unknown>) => a}
          fields={attendanceFields} schema={attendanceSettingsBody} write={(body) => consoleCall('PUT', '/attendance-settings', body)} />
      ) : (
        <section><h2>{t('console.rewards.attendance')}</h2><Facts name="attendance" data={attendance.data} /></section>
      )}
      {may('PUT /rotary') && rotary.data ? (
        <ReadForm name="rotary" title={t('console.rewards.rotary')} read="/rotary" dataOf={(a: Record<string, unknown>) => a}
          fields={rotaryFields} schema={rotarySchema(prizes)} write={(body) => consoleCall('PUT', '/rotary', body)}
          initialOf={(data) => ({
            enabled: data.enabled === true,
            ...Object.fromEntries((data.prizes as Prize[]).flatMap((prize, i) => [
              [prizeField(i, 'label'), prize.label], [prizeField(i, 'points'), String(prize.points)], [prizeField(i, 'weight'), String(prize.weight)],
            ])),
          })} />
      ) : (
        <section>
          <h2>{t('console.rewards.rotary')}</h2>
          <p>{t('console.rewards.enabled')}: {t(rotary.data?.enabled ? 'console.form.yes' : 'console.form.no')}</p>
          <DataTable name="prizes" rows={prizes} loading={rotary.isPending} error={rotary.error} columns={fieldColumns(prizes as unknown as Record<string, unknown>[])}
            rowId={(row) => String((row as Prize).label)} pageSize={12} />
        </section>
      )}
    </div>
  );
}

export function CommunityScreen() {
  const t = useCt();
  const may = useMay();
  const [status, setStatus] = useState<(typeof POST_STATUSES)[number]>('visible');
  const [commentsOf, setCommentsOf] = useState<number | null>(null);
  const posts = useQuery({ queryKey: [...communityKey, 'posts', status], queryFn: () => consoleCall<{ list: PostRow[] }>('GET', `/board/posts${queryString({ status })}`) });
  const banners = useQuery({ queryKey: [...communityKey, 'banners'], queryFn: () => consoleCall<{ list: BannerRow[] }>('GET', '/banners') });
  const postColumns = fieldColumns(posts.data?.list, [{
    id: 'actions', header: t('console.common.actions'), enableSorting: false,
    cell: ({ row: { original: row } }) => (
      <>
        <button type="button" className={commentsOf === row.id ? 'primary' : 'plain'} data-testid={`comments-of-${row.id}`} onClick={() => setCommentsOf(row.id)}>
          {t('console.community.comments')}
        </button>
        {status !== 'deleted' && (
          <>
            <ActionButton label={t(status === 'hidden' ? 'console.community.show' : 'console.community.hide')} testId={`hide-post-${row.id}`}
              send={() => consoleCall('POST', `/board/posts/${row.id}/hide`, { hidden: status !== 'hidden' })} refresh={[communityKey]} />
            <ActionButton tone="danger" label={t('console.community.delete')} confirm={t('console.community.confirmDelete', { id: row.id })} testId={`delete-post-${row.id}`}
              send={() => consoleCall('POST', `/board/posts/${row.id}/delete`)} refresh={[communityKey]} />
          </>
        )}
      </>
    ),
  }], ['content']);
  const bannerColumns = fieldColumns(banners.data?.list, [{
    id: 'actions', header: t('console.common.actions'), enableSorting: false,
    cell: ({ row: { original: row } }) => may('PUT /banners/:id') && (
      <>
        <FormButton label={t('console.posts.edit')} title={t('console.banners.editTitle', { id: row.id })} testId={`edit-banner-${row.id}`}
          name="banner-edit" schema={bannerPatchBody} fields={bannerFields(t, false)}
          initial={{ title: row.title, link: row.link, ord: String(row.ord), startsAt: datetimeInput(row.startsAt), endsAt: datetimeInput(row.endsAt) }}
          submitLabel={t('console.common.save')} send={(patch) => consoleCall('PUT', `/banners/${row.id}`, patch)} refresh={[communityKey]} />
        <ActionButton label={t(row.active ? 'console.community.switchOff' : 'console.community.switchOn')} testId={`switch-banner-${row.id}`}
          send={() => consoleCall('PUT', `/banners/${row.id}`, { active: !row.active })} refresh={[communityKey]} />
        <ActionButton tone="danger" label={t('console.community.delete')} confirm={t('console.community.confirmDelete', { id: row.id })} testId={`delete-banner-${row.id}`}
          send={() => consoleCall('POST', `/banners/${row.id}/delete`)} refresh={[communityKey]} />
      </>
    ),
  }], ['image', 'imageUrl', 'imageId']);
  return (
    <>
      <h1>{t('console.nav.community')}</h1>
      <h2>{t('console.community.board')}</h2>
      <DataTable name="board" rows={posts.data?.list} loading={posts.isPending} error={posts.error} columns={postColumns} rowId={(row) => String(row.id)}
        initialSort={[{ id: 'id', desc: true }]}
        toolbar={<FilterSelect label={t('console.common.status')} value={status} values={POST_STATUSES} group="postStatus" onChange={setStatus} />} />
      {commentsOf !== null && <PostComments key={commentsOf} postId={commentsOf} />}
      <h2>{t('console.community.banners')}</h2>
      <DataTable name="banners" rows={banners.data?.list} loading={banners.isPending} error={banners.error} columns={bannerColumns} rowId={(row) => String(row.id)}
        toolbar={may('POST /banners') && (
          <FormButton tone="primary" label={t('console.banners.new')} title={t('console.banners.new')} testId="banner-new"
            name="banner-new" schema={bannerBody} fields={bannerFields(t, true)} initial={{ kind: 'banner', active: true }}
            submitLabel={t('console.common.save')} send={(body) => consoleCall('POST', '/banners', body)} refresh={[communityKey]} />
        )} />
      {may('GET /attendance-settings') && (
        <>
          <h2>{t('console.rewards.title')}</h2>
          <Rewards />
        </>
      )}
    </>
  );
}
