import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';

describe('keygenerator widget', () => {
  it('cannot be typed into and generates a SHA-256 hex key', async () => {
    const { onChange } = renderField(makeField('keygenerator', { label: 'API key' }), { value: '' });
    const input = screen.getByRole('textbox', { name: 'API key' });
    expect(input).toHaveAttribute('readonly');
    await userEvent.type(input, 'abc');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Generate key for API key' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.stringMatching(/^[0-9a-f]{64}$/)));
  });

  it('offers no button when read-only', () => {
    renderField(makeField('keygenerator', { label: 'API key', cssClass: 'readonly' }), { value: 'ab' });
    expect(screen.queryByRole('button', { name: /Generate key/ })).not.toBeInTheDocument();
  });
});
