/**
 * The browser's own prompt before a reload or a full navigation: asked while the form holds
 * unsaved edits, never once it is clean again, even by a listener that outlived its render (React
 * removes it only when it runs the effects, after the render that found the form clean).
 */
import { MantineProvider } from '@mantine/core';
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

let setDirty: (dirty: boolean) => void = () => {};

function Guarded() {
  const [dirty, set] = useState(true);
  setDirty = set;
  const { dialog } = useUnsavedChangesGuard(dirty);
  return dialog;
}

/** A form with unsaved edits on a router (the guard's in-app blocker needs one). */
function renderGuard() {
  const router = createMemoryRouter([{ path: '/', element: <Guarded /> }], { initialEntries: ['/'] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const unload = (listener: EventListener) => {
  const event = new Event('beforeunload', { cancelable: true });
  listener(event);
  return event.defaultPrevented;
};

afterEach(() => vi.restoreAllMocks());

describe('the unsaved-changes prompt of the browser', () => {
  it('asks while edits are unsaved, and not from a listener left over once the form is clean', () => {
    const added = vi.spyOn(window, 'addEventListener');
    renderGuard();
    const listener = added.mock.calls.find(([type]) => type === 'beforeunload')?.[1] as EventListener;
    expect(listener).toBeDefined();
    expect(unload(listener)).toBe(true);
    // Clean again: a reload or a link that reaches the listener before its removal must pass.
    act(() => setDirty(false));
    expect(unload(listener)).toBe(false);
  });
});
