import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { MapRecordButtons } from './MapRecordButtons.tsx';

const SOURCE = '/api/mapThings?id=7';

// The note's autosizing textarea listens for web fonts loading, which jsdom's document lacks.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
});

const buttons = (status: unknown, onChange: () => void = () => {}) => (
  <MapRecordButtons
    source={SOURCE}
    storedProcedure="bm_map_thing"
    recordId={7}
    recordName="Madrid Intl"
    status={status}
    onChange={onChange}
  />
);

const names = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('a map list header’s own actions', () => {
  it('offers Restore only while the record is blacklisted or disabled, never its present state', () => {
    const { unmount } = renderWithApp(buttons('unmapped'));
    expect(names()).toEqual(['Add to blacklist', 'Disable']);
    unmount();
    const blacklisted = renderWithApp(buttons('blacklisted'));
    expect(names()).toEqual(['Restore', 'Disable']);
    blacklisted.unmount();
    const disabled = renderWithApp(buttons('disabled'));
    expect(names()).toEqual(['Restore', 'Add to blacklist']);
    disabled.unmount();
    renderWithApp(buttons('mapped'));
    expect(names()).toEqual(['Add to blacklist', 'Disable']);
  });

  it('restores with an optional note, then offers Undo, which posts the undo of that restore', {
    timeout: 20_000,
  }, async () => {
    const http = stubHttp((path) =>
      path === '/api/mapThings/restore'
        ? { isSuccess: true, messageContent: '“Madrid Intl” is back to “Not mapped” (it was “Blacklisted”).' }
        : path === '/api/mapThings/undo'
          ? { isSuccess: true, messageContent: '“Madrid Intl” is back to “Blacklisted”.' }
          : undefined,
    );
    const onChange = vi.fn();
    renderWithApp(buttons('blacklisted', onChange), { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore' });
    expect(dialog).toHaveTextContent('“Madrid Intl” is “Blacklisted”');
    // No note: sent without one (the note is optional for a restore).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/mapThings/restore', {
        method: 'POST',
        body: { storeProcedure: 'bm_map_thing', values: [{ mapkey: 'merchantRecordId', value: 7 }] },
      }),
    );
    expect(
      await screen.findByText('“Madrid Intl” is back to “Not mapped” (it was “Blacklisted”).'),
    ).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/mapThings/undo', {
        method: 'POST',
        body: {
          storeProcedure: 'bm_map_thing',
          values: [{ mapkey: 'merchantRecordId', value: 7 }],
          actionType: 'restore',
        },
      }),
    );
    expect(await screen.findByText('“Madrid Intl” is back to “Blacklisted”.')).toBeInTheDocument();
  });

  it('sends the note when one is given; Cancel sends nothing', { timeout: 20_000 }, async () => {
    const http = stubHttp(() => ({ isSuccess: true }));
    renderWithApp(buttons('disabled'), { services: { http } });
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    let dialog = await screen.findByRole('dialog', { name: 'Restore' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(http.client.request).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    dialog = await screen.findByRole('dialog', { name: 'Restore' });
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'Feed fixed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/mapThings/restore', {
        method: 'POST',
        body: {
          storeProcedure: 'bm_map_thing',
          values: [
            { mapkey: 'merchantRecordId', value: 7 },
            { mapkey: 'note', value: 'Feed fixed' },
          ],
        },
      }),
    );
  });
});
