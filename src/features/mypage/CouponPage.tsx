import { useState } from 'react';
import type { Coupon } from '../../../contract/wallet';
import { checkCouponGift, type CouponDraft } from '../../../machines/moneyDrafts';
import { useCouponList } from '../../data/queries';
import { useT } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { DateText } from '../../ui/DateText';
import { Field } from '../../ui/Field';
import { ListView, type Column } from '../../ui/ListView';
import { Money } from '../../ui/Money';
import { MoneyButton } from '../../ui/MoneyButton';
import { Tabs } from '../../ui/Tabs';
import type { PagedList } from '../../ui/usePagedList';
import { MyPageLayout } from './MyPageLayout';
import { useTab } from './useTab';

const COUPON_TABS = ['use', 'gift', 'list'] as const;
const COUPON_TAB_LABEL = {
  use: 'front.mypage.couponTab.use',
  gift: 'front.mypage.couponTab.gift',
  list: 'front.mypage.couponTab.list',
} as const;
const COUPON_STATUS_LABEL: Record<Coupon['status'], string> = {
  available: 'front.mypage.couponStatus.available',
  used: 'front.mypage.couponStatus.used',
  expired: 'front.mypage.couponStatus.expired',
  gifted: 'front.mypage.couponStatus.gifted',
};
const COUPON_KIND_LABEL: Record<Coupon['kind'], string> = {
  cash: 'front.mypage.couponKind.cash',
  point: 'front.mypage.couponKind.point',
};

function couponValue(coupon: Coupon) {
  return <Money amount={coupon.amount} unit={coupon.kind === 'point' ? 'points' : 'won'} />;
}

function couponColumns(t: (id: string) => string, action?: Column<Coupon>): Column<Coupon>[] {
  const columns: Column<Coupon>[] = [
    { label: 'front.mypage.col.couponName', cell: (row) => row.name },
    { label: 'front.mypage.col.kind', cell: (row) => t(COUPON_KIND_LABEL[row.kind]) },
    { label: 'front.mypage.col.amount', align: 'end', cell: couponValue },
    { label: 'front.mypage.col.expiresAt', cell: (row) => <DateText value={row.expiresAt} /> },
    {
      label: 'front.mypage.col.status',
      align: 'center',
      cell: (row) => (
        <span className={`coupon-status coupon-status--${row.status}`} data-testid="coupon-status">
          {t(COUPON_STATUS_LABEL[row.status])}
        </span>
      ),
    },
    { label: 'front.mypage.col.from', cell: (row) => row.fromMemId ?? t('front.mypage.none') },
  ];
  return action ? [...columns, action] : columns;
}

const couponDraft = ({ couponId, name, kind, amount }: Coupon, toMemId?: string): CouponDraft => ({ couponId, name, kind, amount, toMemId });

function UseButton({ coupon }: { coupon: Coupon }) {
  const t = useT();
  return (
    <MoneyButton<CouponDraft>
      kind="couponUse"
      draft={coupon.status === 'available' ? couponDraft(coupon) : null}
      dialogs={{
        confirm: ({ name }) => ({ messageId: 'front.mypage.couponUseConfirm', values: { name } }),
        done: (_answer, { name, amount, kind }) => ({
          messageId: kind === 'point' ? 'front.mypage.couponUsedPoints' : 'front.mypage.couponUsedCash',
          values: { name, amount: formatNumber(amount) },
        }),
      }}
      testId="coupon-use"
    >
      {t('front.mypage.couponUse')}
    </MoneyButton>
  );
}

function GiftButton({ coupon, toMemId }: { coupon: Coupon; toMemId: string }) {
  const t = useT();
  return (
    <MoneyButton<CouponDraft>
      kind="couponGift"
      draft={coupon.status === 'available' ? couponDraft(coupon, toMemId.trim()) : null}
      check={checkCouponGift}
      dialogs={{
        confirm: ({ name, toMemId: target }) => ({ messageId: 'front.mypage.couponGiftConfirm', values: { name, toMemId: target } }),
        done: (_answer, { name, toMemId: target }) => ({ messageId: 'front.mypage.couponGifted', values: { name, toMemId: target } }),
      }}
      variant="ghost"
      testId="coupon-gift"
    >
      {t('front.mypage.couponGift')}
    </MoneyButton>
  );
}

function CouponList({ list, action }: { list: PagedList<Coupon, null>; action?: Column<Coupon> }) {
  const t = useT();
  return <ListView list={list} columns={couponColumns(t, action)} rowKey={(row) => row.couponId} emptyId="front.mypage.emptyCoupons" testId="coupons" />;
}

function GiftTab({ list }: { list: PagedList<Coupon, null> }) {
  const t = useT();
  const [toMemId, setToMemId] = useState('');
  return (
    <>
      <div className="mypage-form mypage-form--inline">
        <Field htmlFor="gift-target" label={t('front.mypage.giftTarget')} hint={t('front.mypage.giftHint')}>
          <input id="gift-target" name="toMemId" autoComplete="off" maxLength={20} value={toMemId} onChange={(event) => setToMemId(event.target.value)} />
        </Field>
      </div>
      <CouponList
        list={list}
        action={{ label: 'front.mypage.col.manage', align: 'center', cell: (row) => <GiftButton coupon={row} toMemId={toMemId} /> }}
      />
    </>
  );
}

/** SPEC §2 coupon (use, gift, list): use an available coupon, gift one to a member, every coupon's status. */
export function CouponPage() {
  const [tab, openTab] = useTab(COUPON_TABS);
  const list = useCouponList();
  return (
    <MyPageLayout section="coupon">
      <Tabs tabs={COUPON_TABS} labels={COUPON_TAB_LABEL} current={tab} onChange={openTab} />
      {tab === 'use' && (
        <CouponList
          list={list}
          action={{ label: 'front.mypage.col.manage', align: 'center', cell: (row) => <UseButton coupon={row} /> }}
        />
      )}
      {tab === 'gift' && <GiftTab list={list} />}
      {tab === 'list' && <CouponList list={list} />}
    </MyPageLayout>
  );
}
