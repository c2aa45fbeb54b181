import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuIcon } from './menuIcons.tsx';

describe('MenuIcon', () => {
  it('falls back for names that are Object.prototype properties', () => {
    for (const name of ['constructor', 'hasOwnProperty', '__proto__', 'toString']) {
      const { container, unmount } = render(<MenuIcon name={name} group />);
      expect(container.querySelector('svg')).not.toBeNull();
      unmount();
    }
  });

  it('knows the icons of the default menu groups', () => {
    for (const name of ['chart-line', 'file-text', 'settings']) {
      const { container, unmount } = render(<MenuIcon name={name} group />);
      expect(container.querySelector('svg')?.getAttribute('class')).not.toContain('icon-tabler-folder');
      unmount();
    }
  });
});
