import { useT } from '../../i18n';

/** SPEC §1: the 20% first-charge and 10% daily first-charge bonuses. */
const PROMOTIONS = [
  { percent: '20%', title: 'front.main.promoFirstTitle', body: 'front.main.promoFirstBody' },
  { percent: '10%', title: 'front.main.promoDailyTitle', body: 'front.main.promoDailyBody' },
] as const;

export function Promotions() {
  const t = useT();
  return (
    <section className="promos">
      {PROMOTIONS.map((promo) => (
        <article key={promo.title} className="promo">
          <span className="promo__percent">{promo.percent}</span>
          <div>
            <span className="promo__badge">{t('front.main.promoBadge')}</span>
            <h2 className="promo__title">{t(promo.title)}</h2>
            <p className="promo__body">{t(promo.body)}</p>
          </div>
        </article>
      ))}
    </section>
  );
}
