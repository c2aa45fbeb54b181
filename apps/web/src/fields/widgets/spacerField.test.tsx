import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';
import { spacerField } from './spacerField.tsx';

describe('spacer widget', () => {
  it('renders an empty, hidden cell and sends nothing of its own', () => {
    const { container } = renderField(makeField('spacer'));
    const cell = container.querySelector('[data-spacer]');
    expect(cell).toHaveAttribute('aria-hidden', 'true');
    expect(cell?.textContent).toBe('');
    expect(spacerField.textual).toBe(false);
  });
});
