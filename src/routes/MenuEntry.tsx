import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import type { AnyScreenLink } from './screens';

export interface MenuEntryProps {
  /** The screen's link on this tree (screenLink); undefined while the screen is not built. */
  link?: AnyScreenLink;
  className: string;
  children: ReactNode;
  testId?: string;
  /** Keep a pending item's mark out of sight (a badge): it is still said to screen readers and on hover. */
  quiet?: boolean;
  ariaLabel?: string;
}

/**
 * One item of a generated menu: a link to a screen of this tree, or, while the screen is not built, the
 * same item as plain text marked "준비 중입니다." (SPEC §8) — never a link that lands somewhere else.
 */
export function MenuEntry({ link, className, children, testId, quiet = false, ariaLabel }: MenuEntryProps) {
  const t = useT();
  if (link) {
    return (
      <Link {...link} className={className} data-testid={testId} aria-label={ariaLabel} activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
        {children}
      </Link>
    );
  }
  return (
    <span
      className={`${className} menu-pending`}
      aria-disabled="true"
      aria-label={ariaLabel && `${ariaLabel} (${t('front.game.noGame')})`}
      title={t('front.game.noGame')}
      data-testid={testId}
      data-pending=""
    >
      {children}
      <span className={quiet ? 'visually-hidden' : 'menu-pending__note'}>{t('front.game.noGame')}</span>
    </span>
  );
}
