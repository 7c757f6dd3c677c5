/**
 * The shell's member-only parts that come from features other than the header's own (layout/memberLayer.ts):
 * the new-message alert (messages) and the game window's host with the merge modal (games). Features do not
 * import each other, so the app puts them together here; the shells draw them.
 */
import { LogoutButton, MemberFacts, PartnerLink } from '../features/layout/memberLayer';
import { memberOnly } from '../routes/memberOnly';

export const NewMessagePopup = memberOnly(async () => (await import('../features/messages/NewMessagePopup')).NewMessagePopup);

/**
 * The game window's overlay and notices, and the merge modal. It sits in the shell, outside every screen:
 * it brings its own query layer (the merge reads and invalidates member data), so a merge asked for
 * right after a fresh load finds the page's QueryClient however the page was opened.
 */
export const GameHost = memberOnly(async () => {
  const [{ GameHost: Host }, { withQueryLayer }] = await Promise.all([import('../features/games/GameHost'), import('../data/QueryLayer')]);
  return withQueryLayer(Host);
});

/**
 * Member protection above the page (features/protection): the break notice and the reality check's reminder,
 * in both shells and, with `inGameFrame`, in the game window's frame page. Its own query layer, as the game host's.
 */
export const ProtectionLayer = memberOnly(async () => {
  const [{ ProtectionLayer: Layer }, { withQueryLayer }] = await Promise.all([import('../features/protection/ProtectionLayer'), import('../data/QueryLayer')]);
  return withQueryLayer(Layer);
});

/** Fetches the shell's member parts (the header's and the new-message alert): at start when a session is kept, so they come with the first paint. */
export function preloadMemberParts(): void {
  for (const part of [MemberFacts, PartnerLink, LogoutButton, NewMessagePopup]) void part.preload();
}
