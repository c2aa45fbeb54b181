import { screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/testServices.tsx';
import { makeField } from '../test/renderField.tsx';
import { CodeFieldInput } from './CodeFieldInput.tsx';

function LateValue({ readOnly = false }: { readOnly?: boolean }) {
  const [value, setValue] = useState<unknown>('');
  // The record arrives after the widget mounted, before the lazy editor is ready.
  useEffect(() => setValue('const loaded = true;'), []);
  return (
    <CodeFieldInput
      type="jscode"
      field={makeField('jscode', { label: 'Script' })}
      value={value}
      values={{}}
      error={undefined}
      readOnly={readOnly}
      onChange={setValue}
    />
  );
}

describe('CodeFieldInput', () => {
  it('shows a value that arrives while the editor is still loading', async () => {
    renderWithApp(<LateValue />);
    const editor = await screen.findByRole('textbox', { name: 'Script' }, { timeout: 5000 });
    await waitFor(() => expect(editor).toHaveTextContent('const loaded = true;'));
  });

  it('is not editable when read-only', async () => {
    renderWithApp(<LateValue readOnly />);
    const editor = await screen.findByRole('textbox', { name: 'Script' }, { timeout: 5000 });
    await waitFor(() => expect(editor).toHaveAttribute('aria-readonly', 'true'));
  });

  it('offers Validate only where the code is being written', async () => {
    const { unmount } = renderWithApp(<LateValue />);
    expect(await screen.findByRole('button', { name: 'Validate Script' })).toBeInTheDocument();
    unmount();
    renderWithApp(<LateValue readOnly />);
    await screen.findByRole('textbox', { name: 'Script' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Validate Script' })).not.toBeInTheDocument();
  });
});
