import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListSearchBox, SEARCH_DEBOUNCE_MS } from './ListSearchBox.tsx';

describe('ListSearchBox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const renderBox = (text = '') => {
    const setText = vi.fn();
    const view = render(
      <MantineProvider env="test">
        <ListSearchBox search={{ labels: ['Name', 'Title'], text, setText }} title="Pages" />
      </MantineProvider>,
    );
    return { setText, box: screen.getByRole('searchbox', { name: 'Search Pages' }), view };
  };

  it('sends what is typed once typing pauses, not each letter', () => {
    const { setText, box } = renderBox();
    expect(box).toHaveAttribute('placeholder', 'Search name, title');
    fireEvent.change(box, { target: { value: 'sev' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(box, { target: { value: 'seville' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(setText).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(50));
    expect(setText).toHaveBeenCalledTimes(1);
    expect(setText).toHaveBeenCalledWith('seville');
  });

  it('sends at once on Enter, and the clear button empties it', () => {
    const { setText, box } = renderBox('old');
    expect(box).toHaveValue('old');
    fireEvent.change(box, { target: { value: 'new' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(setText).toHaveBeenLastCalledWith('new');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(setText).toHaveBeenLastCalledWith('');
    expect(box).toHaveValue('');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(setText).toHaveBeenCalledTimes(2);
  });

  it('shows a text the address brings (back, a link) in place of what was shown', () => {
    const setText = vi.fn();
    const { rerender } = render(
      <MantineProvider env="test">
        <ListSearchBox search={{ labels: ['Name'], text: 'one', setText }} title="Pages" />
      </MantineProvider>,
    );
    rerender(
      <MantineProvider env="test">
        <ListSearchBox search={{ labels: ['Name'], text: 'two', setText }} title="Pages" />
      </MantineProvider>,
    );
    expect(screen.getByRole('searchbox', { name: 'Search Pages' })).toHaveValue('two');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(setText).not.toHaveBeenCalled();
  });
});
