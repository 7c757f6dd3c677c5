/** A filter of a list call (a status, a kind) in a table's toolbar: its values shown by their console texts. */
import { useCt } from '../i18n';

export interface FilterSelectProps<V extends string> {
  label: string;
  value: V | '';
  values: readonly V[];
  /** Texts are `console.<group>.<value>`. */
  group: string;
  onChange: (value: V) => void;
  /** Offers "all" (the empty value) first. */
  all?: boolean;
}

export function FilterSelect<V extends string>({ label, value, values, group, onChange, all = false }: FilterSelectProps<V>) {
  const t = useCt();
  return (
    <label className="filter-select">
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value as V)} data-testid={`filter-${group}`}>
        {all && <option value="">{t('console.common.all')}</option>}
        {values.map((entry) => <option key={entry} value={entry}>{t(`console.${group}.${entry}`)}</option>)}
      </select>
    </label>
  );
}
