/** What the shells draw for a signed-in member only, loaded with the member's first render (memberOnly). */
import { memberOnly } from '../../routes/memberOnly';

const parts = () => import('./memberParts');

export const MemberFacts = memberOnly(async () => (await parts()).MemberFacts);
export const PartnerLink = memberOnly(async () => (await parts()).PartnerLink);
export const LogoutButton = memberOnly(async () => (await parts()).LogoutButton);
export const NewMessagePopup = memberOnly(async () => (await parts()).NewMessagePopup);
/**
 * The game window's overlay and notices, and the merge modal. It sits in the shell, outside every screen:
 * it brings its own query layer (the merge reads and invalidates member data), so a merge asked for
 * right after a fresh load finds the page's QueryClient however the page was opened.
 */
export const GameHost = memberOnly(async () => {
  const [{ GameHost: Host }, { withQueryLayer }] = await Promise.all([import('../games/GameHost'), import('../../data/QueryLayer')]);
  return withQueryLayer(Host);
});

/** Fetches the header's member parts: at start when a session is kept, so they come with the first paint. */
export function preloadMemberParts(): void {
  for (const part of [MemberFacts, PartnerLink, LogoutButton, NewMessagePopup]) void part.preload();
}
