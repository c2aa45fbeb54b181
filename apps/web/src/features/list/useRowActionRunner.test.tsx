import type { Row, RowAction } from '@bm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../app/http/HttpError.ts';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { useRowActionRunner } from './useRowActionRunner.tsx';

const setActive: RowAction = {
  type: 'setIsActiveCustomer',
  label: 'Set active',
  order: 3,
  columnKey: 'id',
  storedProcedure: 'bm_things_set_active',
};
const row: Row = { id: 7, name: 'Second version', isActive: false };

function Probe({ action }: { action: RowAction }) {
  const run = useRowActionRunner({
    source: '/api/things?groupId=3',
    segment: 'thing',
    keyColumn: 'id',
    columns: [{ key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true }],
  });
  return (
    <button type="button" onClick={() => run(action, row)}>
      run
    </button>
  );
}

describe('the set-active row action', () => {
  it('asks first, then puts the row id with the action procedure and shows the answer', async () => {
    const http = stubHttp((path) =>
      path === '/api/things/setIsActiveCustomer'
        ? { isSuccess: true, message: 'Row 7 is now active' }
        : undefined,
    );
    renderWithApp(<Probe action={setActive} />, { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    const dialog = await screen.findByRole('dialog');
    // Without a messagebox of its own the action asks in general words.
    expect(dialog).toHaveTextContent('Make item id 7 the active one?');
    expect(http.client.request).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Set active' }));
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/things/setIsActiveCustomer', {
        method: 'PUT',
        body: { storeProcedure: 'bm_things_set_active', values: [{ mapkey: 'id', value: 7 }] },
      }),
    );
    expect(await screen.findByText('Row 7 is now active')).toBeInTheDocument();
  });

  it("shows the action's own question, and sends nothing when cancelled", async () => {
    const http = stubHttp(() => ({ isSuccess: true }));
    renderWithApp(<Probe action={{ ...setActive, messagebox: 'Make {{id}} current?' }} />, {
      services: { http },
    });
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Make 7 current?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.client.request).not.toHaveBeenCalled();
  });

  it('shows no success when the server refuses', async () => {
    const http = stubHttp((path) => {
      throw new HttpError('Not allowed', path, 'PUT', 403, { message: 'Not allowed' });
    });
    renderWithApp(<Probe action={setActive} />, { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Set active' }),
    );
    await waitFor(() => expect(http.client.request).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/is active/)).not.toBeInTheDocument();
  });
});
