import { useT } from '../../i18n';

export interface TabsProps<T extends string> {
  tabs: readonly T[];
  /** Message id of each tab's label. */
  labels: Record<T, string>;
  current: T;
  onChange(tab: T): void;
}

/** The tab strip of a tabbed my-page screen (point: use, list, change; coupon: use, gift, list). */
export function Tabs<T extends string>({ tabs, labels, current, onChange }: TabsProps<T>) {
  const t = useT();
  return (
    <div className="mypage-tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === current}
          className={tab === current ? 'mypage-tabs__tab mypage-tabs__tab--current' : 'mypage-tabs__tab'}
          data-testid={`tab-${tab}`}
          onClick={() => onChange(tab)}
        >
          {t(labels[tab])}
        </button>
      ))}
    </div>
  );
}
