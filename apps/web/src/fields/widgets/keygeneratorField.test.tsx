import { REGENERATE_KEY } from '@bm/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';

const HASH = 'c0ffee'.repeat(10).slice(0, 64);

describe('keygenerator widget', () => {
  it('cannot be typed into; a new record offers no button, the server makes its key', async () => {
    const { onChange } = renderField(makeField('keygenerator', { label: 'API key' }), { value: '' });
    const input = screen.getByRole('textbox', { name: 'API key' });
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveAttribute('placeholder', 'Made by the server when you save');
    await userEvent.type(input, 'abc');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Generate new key/ })).not.toBeInTheDocument();
  });

  it('shows the stored hash and asks the next save for a new key, making none itself', async () => {
    const { onChange } = renderField(makeField('keygenerator', { label: 'API key' }), { value: HASH });
    const input = screen.getByRole('textbox', { name: 'API key' });
    expect(input).toHaveValue(HASH);
    await userEvent.click(screen.getByRole('button', { name: 'Generate new key for API key' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(REGENERATE_KEY);
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'A new key is made when you save');
    expect(screen.getByRole('button', { name: 'Generate new key for API key' })).toBeDisabled();
  });

  it('offers no button when read-only', () => {
    renderField(makeField('keygenerator', { label: 'API key', cssClass: 'readonly' }), { value: HASH });
    expect(screen.queryByRole('button', { name: /Generate new key/ })).not.toBeInTheDocument();
  });
});
