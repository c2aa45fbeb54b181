import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';

// The pickers load lazily (the first render shows a loader); load them once up front so each test
// waits for a render, not for the module's first transform.
beforeAll(async () => {
  await import('../dates/DatePickers.tsx');
});

describe('date widget', () => {
  it('takes a typed YYYY-MM-DD date', { timeout: 20_000 }, async () => {
    const { onChange } = renderField(makeField('date', { label: 'Day' }), { value: null });
    const input = await screen.findByRole('textbox', { name: 'Day' });
    await userEvent.type(input, '2024-05-01');
    await userEvent.tab();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2024-05-01'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows a stored date as YYYY-MM-DD', async () => {
    renderField(makeField('date', { label: 'Day' }), { value: '2024-02-03' });
    expect(await screen.findByRole('textbox', { name: 'Day' })).toHaveValue('2024-02-03');
  });
});

describe('datetime widget', () => {
  it('shows YYYY-MM-DD HH:mm and picks another day', { timeout: 20_000 }, async () => {
    const { onChange } = renderField(makeField('datetime', { label: 'Published' }), {
      value: '2024-05-10 09:15:00',
    });
    const button = await screen.findByRole('button', { name: 'Published' });
    expect(button).toHaveTextContent('2024-05-10 09:15');
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('button', { name: '12 May 2024' }));
    const submit = document.querySelector<HTMLButtonElement>('.mantine-DateTimePicker-submitButton');
    if (submit) await userEvent.click(submit);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.stringMatching(/^2024-05-12 /)));
  });

  it('starts a new day at 00:00', { timeout: 20_000 }, async () => {
    const { onChange } = renderField(makeField('datetime', { label: 'Published' }), { value: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Published' }));
    const days = await screen.findAllByRole('button', { name: /^15 / });
    await userEvent.click(days[0] as HTMLElement);
    const submit = document.querySelector<HTMLButtonElement>('.mantine-DateTimePicker-submitButton');
    if (submit) await userEvent.click(submit);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.stringMatching(/ 00:00:00$/)));
  });
});

describe('datetime2 widget', () => {
  it('takes a typed YYYY-MM-DD HH:mm', { timeout: 20_000 }, async () => {
    const { onChange } = renderField(makeField('datetime2', { label: 'Starts' }), { value: null });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Starts' }), '2024-05-01 10:30');
    await userEvent.tab();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2024-05-01 10:30:00'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
