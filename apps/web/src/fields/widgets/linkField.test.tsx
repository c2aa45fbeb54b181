import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/testServices.tsx';
import { makeField, renderField } from '../test/renderField.tsx';
import { linkField } from './linkField.tsx';

describe('link widget', () => {
  it('edits the address and offers to open a web link', async () => {
    const { onChange } = renderField(makeField('link', { label: 'URL' }), { value: 'https://a.io' });
    expect(screen.getByRole('link', { name: 'Open URL' })).toHaveAttribute('href', 'https://a.io');
    await userEvent.type(screen.getByRole('textbox', { name: 'URL' }), '/x');
    expect(onChange).toHaveBeenLastCalledWith('https://a.io/x');
  });

  it('never links a javascript: address', () => {
    renderField(makeField('link', { label: 'URL' }), { value: 'javascript:alert(1)' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    const View = linkField.View;
    if (!View) throw new Error('link has a view');
    const { container } = renderWithApp(<View field={makeField('link')} value="javascript:alert(1)" />);
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('javascript:alert(1)');
  });
});
