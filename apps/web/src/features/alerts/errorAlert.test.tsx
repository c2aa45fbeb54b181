import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onErrorAlertClose, showErrorAlert } from './errorAlert.tsx';
import { useErrorAlertClose } from './useErrorAlertClose.ts';

describe('showErrorAlert', () => {
  it("shows the message under 'Error' with one 'Ok' that closes it and notifies listeners", async () => {
    render(
      <MantineProvider env="test">
        <ModalsProvider>
          <p>app</p>
        </ModalsProvider>
      </MantineProvider>,
    );
    const listener = vi.fn();
    const onClose = vi.fn();
    const leave = onErrorAlertClose(listener);
    act(() => showErrorAlert('Right missing', onClose));

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Right missing');
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    leave();
  });
});

function Listener({ handler }: { handler: () => void }) {
  useErrorAlertClose(handler);
  return null;
}

describe('useErrorAlertClose', () => {
  it('calls the handler when an alert closes, until unmount', async () => {
    const handler = vi.fn();
    const view = render(
      <MantineProvider env="test">
        <ModalsProvider>
          <Listener handler={handler} />
        </ModalsProvider>
      </MantineProvider>,
    );
    act(() => showErrorAlert('Timeout'));
    await userEvent.click(await screen.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    view.unmount();
    render(
      <MantineProvider env="test">
        <ModalsProvider>
          <p>again</p>
        </ModalsProvider>
      </MantineProvider>,
    );
    act(() => showErrorAlert('Timeout'));
    await userEvent.click(await screen.findByRole('button', { name: 'Ok' }));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
