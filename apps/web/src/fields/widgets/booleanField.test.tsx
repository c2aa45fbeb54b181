import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';
import { booleanField, toBoolean } from './booleanField.tsx';

describe('boolean widget', () => {
  it('ticks and unticks', async () => {
    const { onChange } = renderField(makeField('boolean', { label: 'Active' }), { value: false });
    const box = screen.getByRole('checkbox', { name: 'Active' });
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('ignores clicks when read-only', async () => {
    const { onChange } = renderField(makeField('boolean', { label: 'Active', cssClass: 'readonly' }), {
      value: true,
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  });

  it('reads stored text as a boolean and starts unticked', () => {
    expect(toBoolean('true')).toBe(true);
    expect(toBoolean('0')).toBe(false);
    expect(toBoolean(null)).toBeNull();
    expect(booleanField.emptyValue).toBe(false);
  });
});
