// The shell's late parts: what it shows once the page is idle (src/app/shell/idle.ts, useLateParts), in a chunk
// of its own (`shell-late`, vite.config.ts) that is not on the way to the first screen: the navigation (its scroll
// area), the colour scheme's popover (Floating UI) and the sign-out dialog (Modal, its scroll lock).
export { ColourSchemePopover } from './ColourSchemePopover';
export { Navigation } from './Navigation';
export { SignOutDialog } from './SignOutDialog';
