import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';

const languages = {
  data: [
    { value: 'en', label: 'English' },
    { value: 'de', label: 'Deutsch' },
  ],
};

describe('combobox widget', () => {
  it("loads options from its path with pageSize=1000, labels 'value - name', passes the choice 100 ms later", async () => {
    const field = makeField('combobox', { label: 'Language', source: '/api/dropdowns/languages2' });
    const { onChange, http } = renderField(field, { value: null, handler: () => languages });
    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    const option = await screen.findByRole('option', { name: 'de - Deutsch' });
    expect(http.client.request).toHaveBeenCalledWith(
      '/api/dropdowns/languages2?pageSize=1000',
      expect.anything(),
    );
    // When the choice is passed on, measured from before the click: never sooner than 100 ms, however
    // long the click itself takes on a loaded machine.
    const calledAt: number[] = [];
    onChange.mockImplementation(() => {
      calledAt.push(performance.now());
    });
    const clickedAt = performance.now();
    await userEvent.click(option);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('de'));
    expect((calledAt[0] ?? clickedAt) - clickedAt).toBeGreaterThanOrEqual(100);
  });

  it('is searchable', async () => {
    const field = makeField('combobox', {
      label: 'Language',
      options: [
        { value: 1, label: 'One' },
        { value: 2, label: 'Two' },
      ],
    });
    const { onChange } = renderField(field, { value: null });
    await userEvent.type(screen.getByRole('combobox', { name: 'Language' }), 'Tw');
    await userEvent.click(await screen.findByRole('option', { name: '2 - Two' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(2));
  });
});

describe('singleselect widget', () => {
  it('picks from a fixed list and keeps its menu at 200 px', async () => {
    const field = makeField('singleselect', {
      label: 'Status',
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'published', label: 'Published' },
      ],
    });
    const { onChange } = renderField(field, { value: 'draft' });
    const input = screen.getByRole('combobox', { name: 'Status' });
    expect(input).toHaveValue('Draft');
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Published' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('published'));
  });
});

describe('multiselect widget', () => {
  it('passes a list', async () => {
    const field = makeField('multiselect', {
      label: 'Tags',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'Bee' },
      ],
    });
    const { onChange } = renderField(field, { value: ['a'] });
    await userEvent.click(screen.getByRole('combobox', { name: 'Tags' }));
    await userEvent.click(await screen.findByRole('option', { name: 'b - Bee' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(['a', 'b']));
  });
});
