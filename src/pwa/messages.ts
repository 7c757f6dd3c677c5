/** Messages the page posts to the service worker. */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Answered with the live popup-close markers: Record<key, expiry timestamp>. */
export const POPUP_MARKERS = 'POPUP_MARKERS';
