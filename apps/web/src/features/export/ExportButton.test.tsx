import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../app/http/HttpError.ts';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { ExportButton, exportQueuedMessage } from './ExportButton.tsx';
import type { ExportListView } from './exportPayload.ts';

const view: ExportListView = {
  source: '/api/Reservations',
  columns: [
    { key: 'number', mapKey: 'reservationNumber', column: 'Number' },
    { key: 'customer', mapKey: 'customerName', column: 'Customer' },
    { key: 'total', mapKey: 'totalPrice', column: 'Total' },
  ],
  visibility: { number: true, customer: false, total: true },
  sort: ['totalPrice=DESC'],
  filters: { name: 'customerName', type: 'text', operation: 'contains', value: 'Rossi' },
};

async function openDialog(http: ReturnType<typeof stubHttp>, hasDefaultPreset = true) {
  renderWithApp(
    <ExportButton view={() => view} pageName="Reservations" hasDefaultPreset={hasDefaultPreset} />,
    {
      services: { http },
    },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  const dialog = await screen.findByRole('dialog', { name: 'Export to Excel' });
  return { dialog, input: within(dialog).getByRole('textbox', { name: /File Name/ }) };
}

const sentBody = (http: ReturnType<typeof stubHttp>) =>
  http.client.request.mock.calls.find(([path]) => path === '/api/exports/send')?.[1]?.body as
    | { storeProcedure: string; values: { mapkey: string; value: string }[] }
    | undefined;

describe('ExportButton', () => {
  it('offers the page title and date, says the final name, and queues the list as shown', async () => {
    const http = stubHttp((path) =>
      path === '/api/exports/send' ? { isSuccess: true, id: 12, message: 'Queued' } : undefined,
    );
    const { dialog, input } = await openDialog(http);
    expect((input as HTMLInputElement).value).toMatch(/^Reservations \d{4}-\d{2}-\d{2}$/);

    await userEvent.clear(input);
    await userEvent.type(input, 'rossi bookings');
    expect(dialog).toHaveTextContent('Saved as rossi bookings.xlsx');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(exportQueuedMessage('rossi bookings.xlsx'))).toBeInTheDocument();
    expect(http.client.request).toHaveBeenCalledWith(
      '/api/exports/send',
      expect.objectContaining({ method: 'POST', silent: true }),
    );
    const body = sentBody(http);
    expect(body?.storeProcedure).toBe('bm_export_send');
    expect(Object.fromEntries(body?.values.map((v) => [v.mapkey, v.value]) ?? [])).toMatchObject({
      fileName: 'rossi bookings.xlsx',
      pageName: 'Reservations',
    });
    const criteria = JSON.parse(body?.values.find((v) => v.mapkey === 'criteria')?.value ?? '{}');
    expect(criteria).toMatchObject({
      source: '/api/Reservations',
      sort: ['totalPrice=DESC'],
      filter: view.filters,
      selector: [
        { field: 'reservationNumber', label: 'Number' },
        { field: 'totalPrice', label: 'Total' },
      ],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('refuses a blank name under the field and sends nothing', async () => {
    const http = stubHttp();
    const { dialog, input } = await openDialog(http);
    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText('This is required field.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(http.client.request).not.toHaveBeenCalled();
  });

  it("keeps the dialog and the name after a refusal, with the server's word under the field", async () => {
    const http = stubHttp((path) => {
      throw new HttpError('fileName is invalid', path, 'POST', 400, {
        message: 'fileName is invalid',
        errors: { fileName: 'The name holds a character a file may not.' },
      });
    });
    const { dialog, input } = await openDialog(http);
    await userEvent.clear(input);
    await userEvent.type(input, 'march');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));

    expect(await within(dialog).findByText('The name holds a character a file may not.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Export to Excel' })).toBeInTheDocument();
    expect(input).toHaveValue('march');
    expect(screen.queryByText(exportQueuedMessage('march.xlsx'))).not.toBeInTheDocument();
  });

  it('shows any other refusal in the dialog, in plain words', async () => {
    const http = stubHttp((path) => {
      throw new HttpError('Missing right', path, 'POST', 403, { message: 'Missing right' });
    });
    const { dialog } = await openDialog(http);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText(/don't have the right/)).toBeInTheDocument();
  });

  it('shows an answer that says it was not queued in the dialog', async () => {
    const http = stubHttp(() => ({ isSuccess: false, message: 'Too many exports running' }));
    const { dialog } = await openDialog(http);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText('Too many exports running')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Export to Excel' })).toBeInTheDocument();
  });

  it('alerts a list without its default preset instead of sending', async () => {
    const http = stubHttp();
    const { dialog } = await openDialog(http, false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    const alert = await screen.findByRole('dialog', { name: 'Error' });
    expect(alert).toHaveTextContent('Missing the default preset.');
    expect(http.client.request).not.toHaveBeenCalled();
  });
});
