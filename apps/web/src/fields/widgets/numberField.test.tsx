import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';
import { toWholeNumber } from './numberField.tsx';

describe('number widget', () => {
  it('takes digits only and passes the number on 1 s after typing stops', async () => {
    const { onChange } = renderField(makeField('number', { label: 'Priority' }), { value: null });
    const input = screen.getByRole('textbox', { name: 'Priority' });
    await userEvent.type(input, '1a2-{Shift>}3{/Shift}');
    expect(input).toHaveValue('12');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(12), { timeout: 2000 });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('clears to null', async () => {
    const { onChange } = renderField(makeField('number', { label: 'Priority' }), { value: 5 });
    await userEvent.type(screen.getByRole('textbox', { name: 'Priority' }), '{Backspace}');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null), { timeout: 2000 });
    expect(toWholeNumber('7')).toBe(7);
    expect(toWholeNumber('x')).toBeNull();
  });
});
