/** Board moderation (posts by status: hide, show, delete) and banners and popups (a new one; each edited, switched on or off, or deleted in its row). */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { bannerBody, bannerPatchBody, boardPostsQuery } from '../../../contract/communityAdmin';
import { consoleCall, queryString } from '../api';
import { useCt, type Translate } from '../i18n';
import { useMay } from '../session';
import { ActionButton } from '../ui/actions';
import { DataTable, fieldColumns } from '../ui/DataTable';
import { FilterSelect } from '../ui/FilterSelect';
import { FormButton } from '../ui/FormButton';
import { datetimeInput, type FieldSpec } from '../ui/SchemaForm';

type PostRow = Record<string, unknown> & { boardIdx: number };
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

export function CommunityScreen() {
  const t = useCt();
  const may = useMay();
  const [status, setStatus] = useState<(typeof POST_STATUSES)[number]>('visible');
  const posts = useQuery({ queryKey: [...communityKey, 'posts', status], queryFn: () => consoleCall<{ list: PostRow[] }>('GET', `/board/posts${queryString({ status })}`) });
  const banners = useQuery({ queryKey: [...communityKey, 'banners'], queryFn: () => consoleCall<{ list: BannerRow[] }>('GET', '/banners') });
  const postColumns = fieldColumns(posts.data?.list, [{
    id: 'actions', header: t('console.common.actions'), enableSorting: false,
    cell: ({ row: { original: row } }) => status !== 'deleted' && (
      <>
        <ActionButton label={t(status === 'hidden' ? 'console.community.show' : 'console.community.hide')}
          send={() => consoleCall('POST', `/board/posts/${row.boardIdx}/hide`, { hidden: status !== 'hidden' })} refresh={[communityKey]} />
        <ActionButton tone="danger" label={t('console.community.delete')} confirm={t('console.community.confirmDelete', { id: row.boardIdx })}
          send={() => consoleCall('POST', `/board/posts/${row.boardIdx}/delete`)} refresh={[communityKey]} />
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
      <DataTable name="board" rows={posts.data?.list} loading={posts.isPending} error={posts.error} columns={postColumns} rowId={(row) => String(row.boardIdx)}
        initialSort={[{ id: 'boardIdx', desc: true }]}
        toolbar={<FilterSelect label={t('console.common.status')} value={status} values={POST_STATUSES} group="postStatus" onChange={setStatus} />} />
      <h2>{t('console.community.banners')}</h2>
      <DataTable name="banners" rows={banners.data?.list} loading={banners.isPending} error={banners.error} columns={bannerColumns} rowId={(row) => String(row.id)}
        toolbar={may('POST /banners') && (
          <FormButton tone="primary" label={t('console.banners.new')} title={t('console.banners.new')} testId="banner-new"
            name="banner-new" schema={bannerBody} fields={bannerFields(t, true)} initial={{ kind: 'banner', active: true }}
            submitLabel={t('console.common.save')} send={(body) => consoleCall('POST', '/banners', body)} refresh={[communityKey]} />
        )} />
    </>
  );
}
