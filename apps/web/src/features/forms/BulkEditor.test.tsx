import type { Filter } from '@bm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bulkNavigationState } from '../list/bulkTarget.ts';
import { fakeApi, pageDefinition, pageScreen, renderScreen } from './test/formFixtures.tsx';

const listDefinition = pageDefinition({ actions: { bulkupdate: { api: '/api/pages/bulk-update' } } });
const promo: Filter = { operation: 'contains', name: 'name', type: 'text', value: 'promo' };
const fromList = bulkNavigationState({
  source: '/api/pages',
  criteria: promo,
  words: ['Name contains promo'],
});

function bulkApi(total: number) {
  return fakeApi(
    { 'BMTools/Page/BulkEdit': pageDefinition(), 'BMTools/Page/List': listDefinition },
    (path, options) => {
      if (path.startsWith('/api/pages/page-summarize')) {
        return { totalItemsCount: total, totalPages: total, pageIndex: 0, pageSize: 1, exact: true };
      }
      return options?.method === 'PUT'
        ? {
            isSuccess: false,
            message: '1 of 2 records updated',
            results: [
              { id: 1, applied: true, message: '' },
              { id: 2, applied: false, message: 'The page is locked' },
            ],
          }
        : undefined;
    },
  );
}

const confirmDialog = () =>
  screen.findByRole('dialog', { name: /Bulk edit|Change every record/ }, { timeout: 4000 });

describe('bulk-edit page', () => {
  it("counts the list's records, says how many change and with which filter, and sends after the OK", async () => {
    const api = bulkApi(2);
    renderScreen(pageScreen('bulkupdate'), api, { routeState: fromList });
    expect(await screen.findByText('Name contains promo', {}, { timeout: 5000 })).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Form actions' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Save changes', 'Save and close', 'Discard changes']);

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert', { name: 'Form errors' }, { timeout: 4000 })).toHaveTextContent(
      'Please choose at least one more fields for the changes.',
    );
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();

    // The value stays disabled until its Change box is ticked.
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Change Active' }));
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('Active → Yes on 2 records');
    expect(dialog).toHaveTextContent('This will change 2 records');
    expect(within(dialog).getByText('Name contains promo')).toBeInTheDocument();
    const [count] = api.calls.filter((c) => c.path.startsWith('/api/pages/page-summarize'));
    expect(new URLSearchParams(count?.path.split('?')[1]).get('filters')).toBe(JSON.stringify(promo));
    expect(api.sent('PUT')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Change records' }));
    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    const [call] = api.sent('PUT');
    expect(call?.path).toBe(`/api/pages/bulk-update?filters=${encodeURIComponent(JSON.stringify(promo))}`);
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
  }, 20_000);

  it('with ticked rows, says what changes on how many, counts nothing and sends their ids', async () => {
    const api = bulkApi(2);
    const ticked = bulkNavigationState({
      source: '/api/pages',
      criteria: promo,
      words: ['Name contains promo'],
      ids: ['4', '8', '15'],
    });
    renderScreen(pageScreen('bulkupdate'), api, { routeState: ticked });
    expect(
      await screen.findByText(/the 3 rows you ticked, within the list’s filters/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Change Active' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent('Active → Yes on 3 records');
    expect(dialog).toHaveTextContent('This will change 3 records: the rows you ticked');
    expect(api.calls.filter((c) => c.path.startsWith('/api/pages/page-summarize'))).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change records' }));
    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    expect(api.sent('PUT')[0]?.options?.body).toMatchObject({ ids: [4, 8, 15] });
  }, 20_000);

  it('sends nothing when the user cancels the confirmation', async () => {
    const api = bulkApi(2);
    renderScreen(pageScreen('bulkupdate'), api, { routeState: fromList });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Change Active' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await userEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT')).toHaveLength(0);
  }, 20_000);

  it('opened without a list (a pasted address) targets no filter, warns and wants the count typed', async () => {
    const api = bulkApi(162);
    renderScreen(pageScreen('bulkupdate'), api);
    expect(
      await screen.findByText(
        'This page was not opened from a list, so no filter applies: the marked fields change on every record.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Change Active' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await confirmDialog();
    expect(dialog).toHaveTextContent(
      'This will change 162 records: the list has no filter, so every record changes.',
    );
    const go = within(dialog).getByRole('button', { name: 'Change every record' });
    expect(go).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Type 162 to confirm' }), '16');
    expect(go).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Type 162 to confirm' }), '2');
    expect(go).toBeEnabled();
    expect(api.sent('PUT')).toHaveLength(0);
    await userEvent.click(go);
    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    expect(api.sent('PUT')[0]?.path).toBe('/api/pages/bulk-update');
  }, 20_000);

  it('says when the list has no filters and leaves on Discard changes', async () => {
    const { router } = renderScreen(pageScreen('bulkupdate'), bulkApi(0), {
      routeState: bulkNavigationState({ source: '/api/pages', criteria: undefined, words: [] }),
    });
    expect(
      await screen.findByText('The list has no filters: the marked fields change on every record.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(router.state.location.pathname).toBe('/page/list');
  }, 20_000);
});
