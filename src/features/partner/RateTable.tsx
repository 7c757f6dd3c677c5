import { PARTNER_PRODUCTS, RATE_KINDS, type RateTable as Rates } from '../../../contract/partner';
import { cellKey, type RateTexts } from '../../../machines/partnerDrafts';
import { useT } from '../../i18n';
import { DateTimeText } from '../../ui/DateTimeText';
import { KIND_LABEL, PRODUCT_LABEL, rateText } from './names';

/**
 * A partner's rates, a row per product and a column per kind (rolling, losing): the rates in force, and
 * beside them the ones that take effect at the next Seoul midnight when a change is pending.
 */
export function RateTableView({ rates, pending, pendingFrom, testId }: { rates: Rates; pending?: Rates | null; pendingFrom?: string | null; testId: string }) {
  const t = useT();
  return (
    <div className="rate-table-wrap">
      <table className="rate-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('front.partner.col.product')}</th>
            {RATE_KINDS.map((kind) => <th key={kind} scope="col" className="is-end">{t(KIND_LABEL[kind])}</th>)}
          </tr>
        </thead>
        <tbody>
          {PARTNER_PRODUCTS.map((product) => (
            <tr key={product}>
              <th scope="row">{t(PRODUCT_LABEL[product])}</th>
              {RATE_KINDS.map((kind) => {
                const now = rates[product][kind];
                const next = pending?.[product][kind];
                return (
                  <td key={kind} className="is-end" data-testid={`${testId}-${product}-${kind}`}>
                    {rateText(now)}
                    {next !== undefined && next !== now && <span className="rate-table__next">{` → ${rateText(next)}`}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {pending && pendingFrom && (
        <p className="panel-note" data-testid={`${testId}-pending`}>
          {t('front.partner.rate.pendingFrom')} <DateTimeText value={pendingFrom} />
        </p>
      )}
    </div>
  );
}

/** The same table as inputs (percent), each with the most it may be: a rate change, or a new partner's rates. */
export function RateInputs({ texts, caps, onChange, idPrefix }: { texts: RateTexts; caps: Rates; onChange(key: string, text: string): void; idPrefix: string }) {
  const t = useT();
  return (
    <div className="rate-table-wrap">
      <table className="rate-table rate-table--inputs">
        <thead>
          <tr>
            <th scope="col">{t('front.partner.col.product')}</th>
            {RATE_KINDS.map((kind) => <th key={kind} scope="col">{t(KIND_LABEL[kind])}</th>)}
          </tr>
        </thead>
        <tbody>
          {PARTNER_PRODUCTS.map((product) => (
            <tr key={product}>
              <th scope="row">{t(PRODUCT_LABEL[product])}</th>
              {RATE_KINDS.map((kind) => {
                const key = cellKey({ product, kind });
                const id = `${idPrefix}-${product}-${kind}`;
                return (
                  <td key={kind}>
                    <label className="visually-hidden" htmlFor={id}>{`${t(PRODUCT_LABEL[product])} ${t(KIND_LABEL[kind])}`}</label>
                    <span className="rate-input">
                      <input id={id} name={key} inputMode="decimal" autoComplete="off" maxLength={6} value={texts[key] ?? ''} onChange={(event) => onChange(key, event.target.value)} />
                      <span aria-hidden="true">%</span>
                    </span>
                    <small className="rate-input__cap">{t('front.partner.rate.cap', { cap: rateText(caps[product][kind]) })}</small>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
