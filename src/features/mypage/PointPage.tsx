import { MyPageLayout } from './MyPageLayout';
import { PointConvertForm } from './PointConvertForm';
import { PointRecords } from './PointRecords';
import { PointStatus } from './PointStatus';
import { Tabs } from '../../ui/Tabs';
import { useTab } from './useTab';

const POINT_TABS = ['use', 'list', 'change'] as const;
const POINT_TAB_LABEL = {
  use: 'front.mypage.pointTab.use',
  list: 'front.mypage.pointTab.list',
  change: 'front.mypage.pointTab.change',
} as const;

/** SPEC §2 point (use, list, change): convert points, the point records, the conversion status. */
export function PointPage() {
  const [tab, openTab] = useTab(POINT_TABS);
  return (
    <MyPageLayout section="point">
      <Tabs tabs={POINT_TABS} labels={POINT_TAB_LABEL} current={tab} onChange={openTab} />
      {tab === 'use' && <PointConvertForm />}
      {tab === 'list' && <PointRecords />}
      {tab === 'change' && <PointStatus />}
    </MyPageLayout>
  );
}
