import type { KeyboardEvent } from 'react';

/**
 * The keydown of a popover's target: Escape closes the popover while it is open, also before its dropdown has
 * taken the focus (a press right after opening, or while its code loads): the dropdown's own Escape handler hears
 * only keys pressed inside it.
 */
export function escapeCloses(opened: boolean, close: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Escape' && opened) {
      e.preventDefault();
      close();
    }
  };
}
