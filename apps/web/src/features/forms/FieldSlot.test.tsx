import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createPendingChanges, PendingChangesProvider } from '../../fields/pendingChanges.tsx';
import { makeField } from '../../fields/test/renderField.tsx';
import { renderWithApp } from '../../test/testServices.tsx';
import { FieldSlot } from './FieldSlot.tsx';

const priority = makeField(
  'number',
  { label: 'Priority', isMarked: true },
  { mapKey: 'priority', key: 'priority' },
);

function renderSlot(props: { markMode: boolean; marked: boolean }) {
  const onChange = vi.fn();
  const onMark = vi.fn();
  const pending = createPendingChanges();
  // The values stay those of the first render, as when the form has not rendered again yet.
  renderWithApp(
    <PendingChangesProvider value={pending}>
      <FieldSlot
        field={priority}
        values={{ priority: 5 }}
        error={undefined}
        readOnly={false}
        onChange={onChange}
        onMark={onMark}
        {...props}
      />
    </PendingChangesProvider>,
  );
  return { onChange, onMark, pending, input: screen.getByRole('textbox', { name: 'Priority' }) };
}

describe('field slot', () => {
  it('passes every change on, even one back to the value of a render that is out of date', async () => {
    const { onChange, pending, input } = renderSlot({ markMode: false, marked: false });
    await userEvent.clear(input);
    await userEvent.type(input, '8');
    act(() => pending.flushAll());
    expect(onChange).toHaveBeenLastCalledWith(priority, 8);
    await userEvent.clear(input);
    await userEvent.type(input, '5');
    act(() => pending.flushAll());
    // The form's live value is 8 now: the 5 on screen is a change and must reach it.
    expect(onChange).toHaveBeenLastCalledWith(priority, 5);
  });

  it('keeps a markable value disabled until its Change box is ticked', async () => {
    const { onMark, input } = renderSlot({ markMode: true, marked: false });
    expect(input).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Change Priority' }));
    expect(onMark).toHaveBeenCalledWith('priority', true);
  });

  it('enables a marked value', () => {
    const { input } = renderSlot({ markMode: true, marked: true });
    expect(input).toBeEnabled();
  });
});
