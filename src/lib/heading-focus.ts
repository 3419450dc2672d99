// Where the keyboard and screen-reader focus goes when a view changes: to the new view's heading, so
// the member hears what the view now is and Tab continues from there (decision 116).

/**
 * Gives the first `selector` heading in `root` the focus, now or, for a view that shows its heading
 * only after a wait (a loader, a lazy screen), when it appears. The focus is left alone if the member
 * has already moved into the view or into a dialog. `autofocus` also marks the heading for Mantine's
 * focus trap, which on opening would otherwise take the first control; `keepScroll` leaves the
 * scrolling to the router, which restores a page's position on Back. Returns the stop.
 */
export function focusHeadingOf(
  root: HTMLElement,
  selector: string,
  { autofocus = false, keepScroll = false } = {},
): () => void {
  const focus = () => {
    const heading = root.querySelector<HTMLElement>(selector);
    if (!heading) return false;
    heading.tabIndex = -1;
    // A heading is no control: its focus is for screen readers, and the browser's focus ring around
    // it (drawn for a focus moved by script) reads as a heavy box. Mantine's own class drops it;
    // buttons and fields keep theirs (WCAG 2.4.7 is about what the keyboard operates).
    heading.classList.add('mantine-focus-never');
    if (autofocus) heading.dataset.autofocus = '';
    const active = document.activeElement;
    const movedIn = active !== heading && root.contains(active);
    const dialog = active?.closest('[role="dialog"]');
    if (!movedIn && !(dialog && !dialog.contains(root))) heading.focus({ preventScroll: keepScroll });
    return true;
  };
  if (focus()) return () => {};
  const waiting = new MutationObserver(() => {
    if (focus()) waiting.disconnect();
  });
  waiting.observe(root, { childList: true, subtree: true });
  return () => waiting.disconnect();
}
