import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filterHistoryKey } from '../presets/filterHistory.ts';
import { fakeApi, pageDefinition, pageScreen, renderScreen } from './test/formFixtures.tsx';

const listDefinition = pageDefinition({ actions: { bulkupdate: { api: '/api/pages/bulk-update' } } });

function bulkApi() {
  return fakeApi(
    { 'BMTools/Page/BulkEdit': pageDefinition(), 'BMTools/Page/List': listDefinition },
    (_path, options) =>
      options?.method === 'PUT'
        ? {
            isSuccess: false,
            message: '1 of 2 records updated',
            results: [
              { id: 1, applied: true, message: '' },
              { id: 2, applied: false, message: 'The page is locked' },
            ],
          }
        : undefined,
  );
}

describe('bulk-edit page', () => {
  it("applies the marked fields to the list's filtered records and shows each record's result", async () => {
    sessionStorage.setItem(
      filterHistoryKey('BMTools/Page/List'),
      JSON.stringify({ name: [{ conjunction: 'and', operator: 'contains', value: 'promo' }] }),
    );
    const api = bulkApi();
    renderScreen(pageScreen('bulkupdate'), api);
    expect(await screen.findByText('Name contains promo', {}, { timeout: 5000 })).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Form actions' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Save changes', 'Save and close', 'Discard changes']);

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('dialog', { name: 'Error' }, { timeout: 4000 })).toHaveTextContent(
      'Please choose at least one more fields for the changes.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ok' }));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(screen.getByRole('checkbox', { name: 'Change Active' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    const [call] = api.sent('PUT');
    expect(call?.path).toBe(
      `/api/pages/bulk-update?filters=${encodeURIComponent('{"operation":"contains","name":"name","type":"text","value":"promo"}')}`,
    );
    expect(call?.options?.body).toEqual({
      storeProcedure: 'bm_page_save',
      values: [
        { mapkey: 'isActive', value: true },
        { mapkey: 'markedFields', value: 'isActive' },
      ],
    });
    const results = await screen.findByRole('table', { name: 'Bulk edit results' });
    expect(within(results).getByText('The page is locked')).toBeInTheDocument();
    expect(within(results).getByText('Refused')).toBeInTheDocument();
    expect(screen.getAllByText('Bulk edit: 1 applied, 1 refused').length).toBeGreaterThan(0);
  });

  it('says when the list has no filters and leaves on Discard changes', async () => {
    const { router } = renderScreen(pageScreen('bulkupdate'), bulkApi());
    expect(
      await screen.findByText('The list has no filters: the marked fields change on every record.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(router.state.location.pathname).toBe('/page/list');
  });
});
