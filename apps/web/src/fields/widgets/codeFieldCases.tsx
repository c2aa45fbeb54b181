/** Shared widget tests of the six code field types: lazy editor, label, Validate button. */
import type { CodeFieldType } from '@bm/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';

export function codeFieldCases(type: CodeFieldType, sample: string): void {
  it('loads the editor lazily, labelled by the field, holding the value', async () => {
    renderField(makeField(type, { label: 'Source' }), { value: sample });
    const editor = await screen.findByRole('textbox', { name: 'Source' }, { timeout: 5000 });
    expect(editor.textContent).toContain(sample.split('\n')[0]);
  });

  it("validates through /api/validation/{type}: 'Your code is valid'", async () => {
    const { http } = renderField(makeField(type, { label: 'Source' }), {
      value: sample,
      handler: () => ({ isSuccess: true, message: '' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Validate Source' }));
    expect(await screen.findByText('Your code is valid')).toBeInTheDocument();
    expect(http.client.request).toHaveBeenCalledWith(`/api/validation/${type}`, {
      method: 'POST',
      body: { code: sample },
    });
  });

  it("alerts the server's message and uses the field's validationApi", async () => {
    const { http } = renderField(
      makeField(type, { label: 'Source', validationApi: '/api/validation/custom' }),
      {
        value: sample,
        handler: () => ({ isSuccess: false, message: 'Line 1, column 3: unexpected token' }),
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Validate Source' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Line 1, column 3: unexpected token');
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/validation/custom', expect.anything()),
    );
  });
}
