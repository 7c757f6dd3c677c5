/**
 * An answer's fields as a list of terms, for the detail reads (a member's game money and protection, settings,
 * a reconciliation): nested objects are flattened to one row per leaf ("일 · 입금"), each name read from the
 * catalog's `console.fact.<name>` where it has one, yes and no for flags, a dash for nothing.
 */
import { consoleI18n, useCt, type Translate } from '../i18n';

type Row = { key: string; label: string; value: string };

function label(t: Translate, name: string): string {
  const id = `console.fact.${name}`;
  return consoleI18n.messages[id] === undefined ? name : t(id);
}

function shown(t: Translate, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'console.fact.yes' : 'console.fact.no');
  if (typeof value === 'number') return value.toLocaleString('ko-KR');
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.every((v) => typeof v !== 'object' || v === null) ? value.join(', ') : JSON.stringify(value);
  return String(value);
}

function rows(t: Translate, data: Record<string, unknown>, path: string[] = []): Row[] {
  return Object.entries(data).flatMap(([name, value]) => {
    const at = [...path, name];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return rows(t, value as Record<string, unknown>, at);
    return [{ key: at.join('.'), label: at.map((part) => label(t, part)).join(' · '), value: shown(t, value) }];
  });
}

export function Facts({ name, data }: { name: string; data: Record<string, unknown> | null | undefined }) {
  const t = useCt();
  if (!data) return <p>{t('console.table.loading')}</p>;
  return (
    <dl className="facts" data-testid={`facts-${name}`}>
      {rows(t, data).map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
