/**
 * Keeps a user from losing edits by accident: while the form holds unsaved changes, leaving it
 * through the app (a menu link, Back, a row of another screen) asks first, and closing or reloading
 * the tab triggers the browser's own prompt. Saving, Save and close and Discard changes release the
 * guard before they navigate. Switching tabs of the same form (the URL hash) never asks.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export function useUnsavedChangesGuard(dirty: boolean): { release: () => void; dialog: React.ReactNode } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const released = useRef(false);
  // Editing again after a release (a save that stayed on the form) arms the guard again.
  if (!dirty) released.current = false;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    // Read at the event, not at registration: a render that finds the form clean again (a save's
    // reload) resets `released` at once, while this listener is removed only when React runs the
    // effects, later; a reload or link in between must not be asked about edits already saved.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current || !dirtyRef.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const dialog = (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Unsaved changes"
      centered
    >
      <Text size="sm">You have changes on this form that are not saved. Leave the page and lose them?</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          Stay on this page
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </Modal>
  );
  return { release, dialog };
}
