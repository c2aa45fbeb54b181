/**
 * Where focus goes back to when a dialog closes: the control that opened it. A dialog opened from a
 * menu item is given the menu's button (the item is gone once the menu closes), so keyboard users
 * carry on from the row or toolbar they were on.
 */
export function openerOfFocus(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (!menu?.id) return active;
  return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? active;
}

/**
 * Modal settings that put focus back on the opener once the dialog has gone: the modal's own return
 * would aim at the element focused when it opened (a menu item that no longer exists).
 */
export function focusBackTo(opener: HTMLElement | null) {
  // A menu's button may be drawn anew once its menu closes: found again by its name.
  const label = opener?.getAttribute('aria-label');
  return {
    returnFocus: false,
    onExitTransitionEnd: () => {
      const target = opener?.isConnected
        ? opener
        : label
          ? document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`)
          : null;
      target?.focus();
    },
  };
}
