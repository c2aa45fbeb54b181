import { MAP_AUTO_THRESHOLD } from '@bm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { useMapActions } from './useMapActions.tsx';

const SOURCE = '/api/mapThings?id=7';

function Probe({ match, onChange }: { match: number; onChange: () => void }) {
  const actions = useMapActions({ source: SOURCE, storedProcedure: 'bm_map_thing', onChange });
  return (
    <button
      type="button"
      onClick={() => void actions.map(7, 'Madrid Intl', { targetId: 40, name: 'Madrid Barajas', match })}
    >
      map
    </button>
  );
}

const mapBody = (actionType?: string) => ({
  method: 'POST',
  body: {
    storeProcedure: 'bm_map_thing',
    values: [
      { mapkey: 'merchantRecordId', value: 7 },
      { mapkey: 'pricewatchId', value: 40 },
    ],
    ...(actionType ? { actionType } : {}),
  },
});

describe('map actions', () => {
  it('maps a certain candidate at once, then offers Undo, which posts the undo of that map', async () => {
    const http = stubHttp((path) =>
      path === '/api/mapThings/undo'
        ? { isSuccess: true, messageContent: '“Madrid Intl” is back to “Not mapped”.' }
        : path === '/api/mapThings/map'
          ? { isSuccess: true }
          : undefined,
    );
    const onChange = vi.fn();
    renderWithApp(<Probe match={MAP_AUTO_THRESHOLD} onChange={onChange} />, { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'map' }));
    await waitFor(() => expect(http.client.request).toHaveBeenCalledWith('/api/mapThings/map', mapBody()));
    expect(await screen.findByText('Mapped to “Madrid Barajas”.')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/mapThings/undo', {
        method: 'POST',
        body: {
          storeProcedure: 'bm_map_thing',
          values: [{ mapkey: 'merchantRecordId', value: 7 }],
          actionType: 'map',
        },
      }),
    );
    expect(await screen.findByText('“Madrid Intl” is back to “Not mapped”.')).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('asks first below the threshold, saying why; Cancel sends nothing', async () => {
    const http = stubHttp(() => ({ isSuccess: true }));
    renderWithApp(<Probe match={41} onChange={() => {}} />, { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map on a weak match?' });
    expect(dialog).toHaveTextContent('“Madrid Intl” matches “Madrid Barajas” at 41% only');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.client.request).not.toHaveBeenCalled();
  });

  it('gives the server’s own question back with its answer when confirmed', async () => {
    let calls = 0;
    const http = stubHttp((path) =>
      path !== '/api/mapThings/map'
        ? undefined
        : ++calls === 1
          ? {
              isSuccess: false,
              actionType: 'replace:12',
              messageTitle: 'Replace the mapping?',
              messageContent: 'Sure?',
            }
          : { isSuccess: true, actionType: 'success', messageContent: 'now maps to Madrid Barajas' },
    );
    renderWithApp(<Probe match={100} onChange={() => {}} />, { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the mapping?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() =>
      expect(http.client.request).toHaveBeenLastCalledWith('/api/mapThings/map', mapBody('replace:12')),
    );
    expect(await screen.findByText('now maps to Madrid Barajas')).toBeInTheDocument();
  });
});
