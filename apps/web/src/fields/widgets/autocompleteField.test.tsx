import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { displayKey } from '../displayKey.ts';
import { makeField, renderField } from '../test/renderField.tsx';
import { autocompleteField } from './autocompleteField.tsx';

const field = makeField('autocomplete', { label: 'Gadget', fetchAPI: '/api/dropdowns/gadgets' });
const handler = (path: string) =>
  path.includes('name=ber') ? { data: [{ id: 7, name: 'Berlin rule' }] } : { data: [] };

describe('autocomplete widget', () => {
  it('looks up the typed text as name 500 ms after typing and accepts a suggestion', async () => {
    const { onChange, http } = renderField(field, { value: null, handler });
    await userEvent.type(screen.getByRole('textbox', { name: 'Gadget' }), 'ber');
    const option = await screen.findByRole('option', { name: '7 - Berlin rule' }, { timeout: 2000 });
    expect(http.client.request).toHaveBeenCalledTimes(1);
    expect(http.client.request).toHaveBeenCalledWith('/api/dropdowns/gadgets?name=ber', expect.anything());
    await userEvent.click(option);
    expect(onChange).toHaveBeenLastCalledWith(7);
    expect(screen.getByRole('textbox', { name: 'Gadget' })).toHaveValue('7 - Berlin rule');
    expect(autocompleteField.toPayload?.(7)).toBe('7');
  });

  it("clears the value and says 'There is no such data' without a match", async () => {
    const { onChange } = renderField(field, { value: 3, values: { [displayKey('f')]: 'Old rule' }, handler });
    const input = screen.getByRole('textbox', { name: 'Gadget' });
    expect(input).toHaveValue('Old rule');
    await userEvent.clear(input);
    await userEvent.type(input, 'zzz');
    expect(await screen.findByText('There is no such data', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('accepts only a suggestion: leaving with typed text restores the chosen one', async () => {
    renderField(field, { value: 3, values: { [displayKey('f')]: 'Old rule' }, handler });
    const input = screen.getByRole('textbox', { name: 'Gadget' });
    await userEvent.type(input, 'x');
    await userEvent.tab();
    await waitFor(() => expect(input).toHaveValue('Old rule'));
  });
});
