import type { Row, RowAction } from '@bm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../app/http/HttpError.ts';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { useRowActionRunner } from './useRowActionRunner.tsx';

/**
 * The files handed to the browser's download, as it receives them: the object URL made of a blob and
 * the link clicked with its file name (jsdom has neither object URLs nor downloads).
 */
function watchDownloads(): { blob: Blob; name: string }[] {
  const saved: { blob: Blob; name: string }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ blob, name: this.download });
  });
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:http://localhost/${blobs.size + 1}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const setActive: RowAction = {
  type: 'setIsActiveCustomer',
  label: 'Set active',
  order: 3,
  columnKey: 'id',
  storedProcedure: 'bm_things_set_active',
};
const row: Row = { id: 7, name: 'Second version', isActive: false };

/** The exports list, whose own API the download and post actions below call. */
const EXPORTS = '/api/exports';

function Probe({
  action,
  on = row,
  source = '/api/things?groupId=3',
}: {
  action: RowAction;
  on?: Row;
  source?: string;
}) {
  const run = useRowActionRunner({
    source,
    segment: 'thing',
    keyColumn: 'id',
    columns: [{ key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true }],
  });
  return (
    <button type="button" onClick={() => run(action, on)}>
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

const download: RowAction = {
  type: 'download',
  label: 'Download',
  order: 1,
  pageUrl: '/api/exports/download?id={id}',
  columnKey: 'id',
};

describe('the download row action', () => {
  it("fetches the filled API path as a file and saves it under the row's file name", async () => {
    const saved = watchDownloads();
    const file = new Blob(['PK'], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const http = stubHttp(() => file);
    renderWithApp(<Probe source={EXPORTS} action={download} on={{ id: 12, fileName: 'march.xlsx' }} />, {
      services: { http },
    });
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    await waitFor(() => expect(saved).toEqual([{ blob: file, name: 'march.xlsx' }]));
    expect(http.client.request).toHaveBeenCalledWith('/api/exports/download?id=12', { responseType: 'blob' });
    // No question without a messagebox of its own.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves as Data.xlsx when the row has no file name', async () => {
    const saved = watchDownloads();
    const http = stubHttp(() => new Blob(['PK']));
    renderWithApp(<Probe source={EXPORTS} action={download} on={{ id: 3, fileName: ' ' }} />, {
      services: { http },
    });
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    await waitFor(() => expect(saved).toEqual([{ blob: expect.any(Blob), name: 'Data.xlsx' }]));
  });

  it('fetches nothing outside our own API: the call would carry the token', async () => {
    const saved = watchDownloads();
    for (const pageUrl of [
      'https://evil.example.com/api/x?id={id}',
      '/oidc/token?id={id}',
      '/export/view/{id}',
    ]) {
      const http = stubHttp(() => new Blob(['PK']));
      const view = renderWithApp(<Probe source={EXPORTS} action={{ ...download, pageUrl }} />, {
        services: { http },
      });
      await userEvent.click(screen.getByRole('button', { name: 'run' }));
      expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
        'This action leads to an address that is not allowed',
      );
      expect(http.client.request).not.toHaveBeenCalled();
      view.unmount();
    }
    expect(saved).toEqual([]);
  });

  it('saves nothing when the download fails (the HTTP client alerts it)', async () => {
    const saved = watchDownloads();
    const http = stubHttp((path) => {
      throw new HttpError('The file is gone', path, 'GET', 404, { message: 'The file is gone' });
    });
    renderWithApp(<Probe source={EXPORTS} action={download} />, { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    await waitFor(() => expect(http.client.request).toHaveBeenCalledTimes(1));
    expect(saved).toEqual([]);
  });
});

const cancel: RowAction = {
  type: 'post',
  label: 'Cancel export',
  order: 2,
  pageUrl: '/api/exports/{id}/cancel',
  columnKey: 'id',
  messagebox: 'Cancel export {{id}}? The file will not be made.',
};

describe('the post row action', () => {
  it('asks its question, posts {} to the filled API path, shows the answer and reloads the list', async () => {
    const http = stubHttp((path) =>
      path === '/api/exports/7/cancel'
        ? { isSuccess: true, id: 7, message: 'Export 7 cancelled' }
        : undefined,
    );
    const { queryClient } = renderWithApp(<Probe source={EXPORTS} action={cancel} />, { services: { http } });
    const reload = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Cancel export 7? The file will not be made.');
    expect(http.client.request).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/exports/7/cancel', { method: 'POST', body: {} }),
    );
    expect(await screen.findByText('Export 7 cancelled')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledWith({ queryKey: ['list', EXPORTS] }));
  });

  it('sends nothing when the question is cancelled, and posts at once without a question', async () => {
    const http = stubHttp(() => ({ isSuccess: true }));
    const view = renderWithApp(<Probe source={EXPORTS} action={cancel} />, { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.client.request).not.toHaveBeenCalled();
    view.unmount();

    const { messagebox: _none, ...unasked } = cancel;
    renderWithApp(<Probe source={EXPORTS} action={unasked} />, { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/exports/7/cancel', { method: 'POST', body: {} }),
    );
    expect(await screen.findByText('Cancel export: done')).toBeInTheDocument();
  });

  it("alerts the server's refusal and still reloads the list", async () => {
    const http = stubHttp(() => ({ isSuccess: false, message: 'The export has already finished' }));
    const { queryClient } = renderWithApp(<Probe source={EXPORTS} action={cancel} />, { services: { http } });
    const reload = vi.spyOn(queryClient, 'invalidateQueries');
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'The export has already finished',
    );
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  it('calls nothing outside the list’s own API, whatever its label (issue 37)', async () => {
    for (const [type, pageUrl] of [
      ['post', '/api/notifications/makeAllAsRead'],
      ['post', '/api/exports/../notifications/makeAllAsRead'],
      ['download', '/api/notifications/get?id={id}'],
    ] as const) {
      const http = stubHttp(() => ({ isSuccess: true }));
      const action: RowAction = { type, label: 'View', order: 1, pageUrl, columnKey: 'id' };
      const view = renderWithApp(<Probe source={EXPORTS} action={action} />, { services: { http } });
      await userEvent.click(screen.getByRole('button', { name: 'run' }));
      expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
        'This action leads to an address that is not allowed',
      );
      expect(http.client.request).not.toHaveBeenCalled();
      view.unmount();
    }
  });

  it('posts nowhere but our own API', async () => {
    const http = stubHttp(() => ({ isSuccess: true }));
    const { messagebox: _none, ...unasked } = cancel;
    renderWithApp(<Probe source={EXPORTS} action={{ ...unasked, pageUrl: '/export/edit/{id}' }} />, {
      services: { http },
    });
    await userEvent.click(screen.getByRole('button', { name: 'run' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'This action leads to an address that is not allowed',
    );
    expect(http.client.request).not.toHaveBeenCalled();
  });
});
