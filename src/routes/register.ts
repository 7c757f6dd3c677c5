/**
 * Registers both routers' types with TanStack Router, so every `<Link to>`, `navigate` and `redirect` is
 * checked against the paths of the two trees: a link to a path on neither tree fails `tsc`.
 */
import type { DesktopRouter } from './desktop';
import type { PhoneRouter } from './mobile';

declare module '@tanstack/react-router' {
  interface Register {
    router: DesktopRouter | PhoneRouter;
  }
}
