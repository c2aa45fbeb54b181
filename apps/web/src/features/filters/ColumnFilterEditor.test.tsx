import type { ColumnDefinition, ColumnFilter } from '@bm/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/testServices.tsx';
import { ColumnFilterEditor } from './ColumnFilterEditor.tsx';

const id: ColumnDefinition = { key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true };

describe('ColumnFilterEditor: "is any of" on a number column', () => {
  it('opens a list from the address with its operator and values, and applies what is typed as a list', () => {
    const onApply = vi.fn<(conditions: ColumnFilter[]) => void>();
    renderWithApp(
      <ColumnFilterEditor
        column={id}
        conditions={[{ conjunction: 'and', operator: 'in', value: [12, 13] }]}
        onApply={onApply}
      />,
    );
    const operator = screen.getByRole('combobox', { name: 'Condition 1 operator' });
    expect(operator).toHaveValue('in');
    expect(operator.querySelector('option:checked')?.textContent).toBe('is any of');
    const values = screen.getByRole('textbox', { name: 'Condition 1 value' });
    expect(values).toHaveValue('12, 13');

    fireEvent.change(values, { target: { value: '12, 13, x14' } });
    expect(values).toHaveValue('12, 13, 14');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith([{ conjunction: 'and', operator: 'in', value: [12, 13, 14] }]);
  });

  it('turns one value into a list of one when "is any of" is chosen', () => {
    const onApply = vi.fn<(conditions: ColumnFilter[]) => void>();
    renderWithApp(
      <ColumnFilterEditor
        column={id}
        conditions={[{ conjunction: 'and', operator: 'eq', value: '5' }]}
        onApply={onApply}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Condition 1 operator' }), {
      target: { value: 'in' },
    });
    expect(screen.getByRole('textbox', { name: 'Condition 1 value' })).toHaveValue('5');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith([{ conjunction: 'and', operator: 'in', value: [5] }]);
  });
});
