// Catalogs are .po files compiled on import by @lingui/vite-plugin.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?part=firstPaint' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?part=rest' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
