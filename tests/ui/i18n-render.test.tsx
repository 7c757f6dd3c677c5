// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n, useT } from '../../src/i18n';

const LATE_ID = 'test.late.title';

function Label() {
  const t = useT();
  return <span data-testid="label">{t(LATE_ID)}</span>;
}

/** More of the catalog lands while the first render is under way, before the provider listens (as a chunk that was already cached does). */
let landed = false;
function CatalogLandsDuringRender() {
  if (!landed) {
    landed = true;
    i18n.load(i18n.locale, { [LATE_ID]: ['늦게 온 텍스트'] });
  }
  return null;
}

describe('useT', () => {
  beforeAll(() => activateLocale('ko'));

  it('shows a text whose catalog part landed during the first render, not its id', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Label />
        <CatalogLandsDuringRender />
      </I18nProvider>,
    );
    expect(await screen.findByText('늦게 온 텍스트')).toBeTruthy();
    expect(screen.getByTestId('label').textContent).not.toBe(LATE_ID);
  });
});
