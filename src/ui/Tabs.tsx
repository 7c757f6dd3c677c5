import { useT } from '../i18n';

import './Tabs.css';

export interface TabsProps<T extends string> {
  tabs: readonly T[];
  /** Message id of each tab's label. */
  labels: Record<T, string>;
  current: T;
  onChange(tab: T): void;
}

/** The tab strip of a tabbed screen (e.g. my page's point: use, list, change; coupon: use, gift, list). */
export function Tabs<T extends string>({ tabs, labels, current, onChange }: TabsProps<T>) {
  const t = useT();
  return (
    <div className="tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === current}
          className={tab === current ? 'tabs__tab tabs__tab--current' : 'tabs__tab'}
          data-testid={`tab-${tab}`}
          onClick={() => onChange(tab)}
        >
          {t(labels[tab])}
        </button>
      ))}
    </div>
  );
}
