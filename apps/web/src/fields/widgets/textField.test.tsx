import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';

describe('text widget', () => {
  it('shows its label above, marks it required and passes typing on', async () => {
    const { onChange } = renderField(
      makeField('text', { label: 'Name', validations: 'required|maxlength:5' }),
      { value: '' },
    );
    const input = screen.getByRole('textbox', { name: /Name/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('maxlength', '5');
    await userEvent.type(input, 'abcdefg');
    expect(onChange).toHaveBeenLastCalledWith('abcde');
  });

  it('shows its error under the field and a prefix before it', () => {
    renderField(makeField('text', { label: 'Url' }), {
      value: 'a.io',
      error: 'Too long',
      prefix: 'https://',
    });
    expect(screen.getByText('Too long')).toBeInTheDocument();
    expect(screen.getByText('https://')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Url' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only, not disabled, with a readonly cssClass', async () => {
    const { onChange } = renderField(makeField('text', { label: 'Code', cssClass: 'col readonly' }), {
      value: 'X1',
    });
    const input = screen.getByRole('textbox', { name: 'Code' });
    expect(input).toHaveAttribute('readonly');
    expect(input).not.toBeDisabled();
    await userEvent.type(input, 'z');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('grows into a text area for itemType textarea', () => {
    renderField(makeField('text', { label: 'Notes', itemType: 'textarea' }), { value: 'a\nb' });
    expect(screen.getByRole('textbox', { name: 'Notes' }).tagName).toBe('TEXTAREA');
  });
});
