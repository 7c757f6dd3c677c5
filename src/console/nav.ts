/**
 * The console's screens in the menu, each with the operator call it reads (the menu shows a screen only to
 * a role that may make that call: contract/console.ts OPERATOR_CALLS), or `owner` for the owner's screens.
 */
export interface NavEntry {
  path: string;
  label: string;
  /** `METHOD /path` the screen reads, 'owner', or null for every operator. */
  needs: string | null;
  /** The live event kind whose count is shown as a badge. */
  live?: 'signup' | 'cash' | 'question' | 'approval';
}

export const NAV: readonly NavEntry[] = [
  { path: '/', label: 'console.nav.dashboard', needs: null },
  { path: '/signups', label: 'console.nav.signups', needs: 'GET /signups', live: 'signup' },
  { path: '/cash', label: 'console.nav.cash', needs: 'GET /cash-requests', live: 'cash' },
  { path: '/inquiries', label: 'console.nav.inquiries', needs: 'GET /account-inquiries' },
  { path: '/members', label: 'console.nav.members', needs: 'GET /members' },
  { path: '/approvals', label: 'console.nav.approvals', needs: null, live: 'approval' },
  { path: '/questions', label: 'console.nav.questions', needs: 'GET /questions', live: 'question' },
  { path: '/posts', label: 'console.nav.posts', needs: 'POST /notices' },
  { path: '/community', label: 'console.nav.community', needs: 'GET /board/posts' },
  { path: '/games', label: 'console.nav.games', needs: 'GET /games/vendors' },
  { path: '/risk', label: 'console.nav.risk', needs: 'GET /minigames/settings' },
  { path: '/partners', label: 'console.nav.partners', needs: 'POST /partners/settlements/close' },
  { path: '/settings', label: 'console.nav.settings', needs: 'owner' },
  { path: '/audit', label: 'console.nav.audit', needs: 'owner' },
  { path: '/operators', label: 'console.nav.operators', needs: 'owner' },
];
