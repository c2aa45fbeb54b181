/**
 * A menu's content as it was when the menu closed: while the menu fades out, its content does not
 * render again. A sort closes the column menu in the render that shows the sorted rows, and drawing
 * the menu's controls again there (about 150 components and elements, for a menu on its way out)
 * cost that render more than the rows' own cells. Opened, the content renders as usual.
 */
import { memo, type ReactNode } from 'react';

export const WhileOpen = memo(
  function WhileOpen({ children }: { opened: boolean; children: ReactNode }) {
    return children;
  },
  (_, next) => !next.opened,
);
