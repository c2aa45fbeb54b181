import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';
import { toDecimal } from './decimalField.tsx';

describe('decimal widget', () => {
  it('takes a fraction', async () => {
    const { onChange } = renderField(makeField('decimal', { label: 'Rate' }), { value: null });
    await userEvent.type(screen.getByRole('textbox', { name: 'Rate' }), '2.75');
    expect(onChange).toHaveBeenLastCalledWith(2.75);
  });

  it('reads stored text', () => {
    expect(toDecimal('1,5')).toBe(1.5);
    expect(toDecimal('')).toBeNull();
  });
});
