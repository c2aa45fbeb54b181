import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../app/http/HttpError.ts';
import { fakeApi, pageDefinition, pageScreen, renderScreen } from './test/formFixtures.tsx';

const stored = {
  id: 5,
  name: 'Home',
  status: 'draft',
  isActive: true,
  contentHtml: '<p>Hi</p>',
  rowVersion: 3,
};
const presets = { 'BMTools/Page/Edit': pageDefinition(), 'BMTools/Page/Create': pageDefinition() };

function editApi(save: () => unknown = () => ({ isSuccess: true, id: 5, message: 'Saved' })) {
  return fakeApi(presets, (path, options) => {
    if (path === '/api/pages/5' && (options?.method ?? 'GET') === 'GET') return stored;
    if (path === '/api/pages/5' && options?.method === 'PUT') return save();
    return undefined;
  });
}

describe('record form: edit mode', () => {
  it('loads the record into the preset fields, in tabs, read-only where the preset says', async () => {
    renderScreen(pageScreen('edit', 5), editApi());
    const name = await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    expect(name).toHaveValue('Home');
    expect(screen.getByRole('textbox', { name: 'Id' })).toHaveAttribute('readonly');
    expect(screen.getByRole('tab', { name: 'Page' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Content' })).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Form actions' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Save', 'Save and close', 'Discard changes']);
  });

  it('saves with PUT, the row version and the procedure, then stays and reloads', async () => {
    const api = editApi();
    const { router } = renderScreen(pageScreen('edit', 5), api);
    const name = await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.clear(name);
    await userEvent.type(name, 'Start');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    const body = api.sent('PUT')[0]?.options?.body as {
      storeProcedure: string;
      values: { mapkey: string; value: unknown }[];
    };
    expect(body.storeProcedure).toBe('bm_page_save');
    expect(body.values).toEqual(
      expect.arrayContaining([
        { mapkey: 'name', value: 'Start' },
        { mapkey: 'status', value: 'draft' },
        { mapkey: 'isActive', value: true },
        { mapkey: 'rowVersion', value: 3 },
      ]),
    );
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/pages/5' && !c.options?.method)).toHaveLength(2),
    );
    expect(router.state.location.pathname).toBe('/page/x');
  });

  it('Save and close returns by the return order (redirecturl first)', async () => {
    const { router } = renderScreen(pageScreen('edit', 5), editApi(), {
      route: '/page/edit/5?redirecturl=/page/view/5',
    });
    await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.click(screen.getByRole('button', { name: 'Save and close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/page/view/5'));
  });

  it('sends one save for two clicks that come before the form renders again', async () => {
    const api = editApi();
    const { router } = renderScreen(pageScreen('edit', 5), api, {
      route: '/page/edit/5?redirecturl=/page/view/5',
    });
    await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    // Both clicks in one task, as on a busy machine: the buttons are not disabled yet.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save and close' }));
    });
    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/pages/5' && !c.options?.method)).toHaveLength(2),
    );
    expect(api.sent('PUT')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/page/edit/5');
  }, 20_000);

  it('Discard changes puts the values back and leaves for the list', async () => {
    const { router } = renderScreen(pageScreen('edit', 5), editApi());
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 }), 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/page/list'));
  });

  it("shows a 400's errors under their fields and keeps every value", async () => {
    const api = editApi(() => {
      throw new HttpError('Please check: name', '/api/pages/5', 'PUT', 400, {
        message: 'Please check: name',
        errors: { name: 'At most 3 characters' },
      });
    });
    renderScreen(pageScreen('edit', 5), api);
    const name = await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.type(name, ' page');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 3 characters')).toBeInTheDocument();
    expect(await screen.findByRole('alert', { name: 'Form errors' }, { timeout: 4000 })).toHaveTextContent(
      'Please check: name',
    );
    expect(name).toHaveValue('Home page');
  });

  it('opens the conflict dialog on 409; Keep mine saves again on the stored version', async () => {
    let puts = 0;
    const api = editApi(() => {
      puts += 1;
      if (puts === 1)
        throw new HttpError('The record was changed by someone else', '/api/pages/5', 'PUT', 409, {
          message: 'changed',
        });
      return { isSuccess: true, id: 5, message: 'Saved' };
    });
    let gets = 0;
    const original = api.http.client.request.getMockImplementation();
    api.http.client.request.mockImplementation(async (path, options) => {
      if (path === '/api/pages/5' && !options?.method) {
        gets += 1;
        return gets === 1 ? stored : { ...stored, name: 'Theirs', rowVersion: 4 };
      }
      return original?.(path, options);
    });
    renderScreen(pageScreen('edit', 5), api);
    const name = await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.clear(name);
    await userEvent.type(name, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'This record was changed by someone else' },
      { timeout: 4000 },
    );
    const row = within(dialog).getByRole('row', { name: /Name/ });
    expect(row).toHaveTextContent('Mine');
    expect(row).toHaveTextContent('Theirs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(api.sent('PUT')).toHaveLength(2));
    const body = api.sent('PUT')[1]?.options?.body as { values: { mapkey: string; value: unknown }[] };
    expect(body.values).toEqual(
      expect.arrayContaining([
        { mapkey: 'name', value: 'Mine' },
        { mapkey: 'rowVersion', value: 4 },
      ]),
    );
  });

  it('Take stored loads the stored record from the 409 answer into the form', async () => {
    const current = { ...stored, name: 'Theirs', rowVersion: 9 };
    const api = editApi(() => {
      throw new HttpError('changed', '/api/pages/5', 'PUT', 409, { message: 'changed', current } as never);
    });
    renderScreen(pageScreen('edit', 5), api);
    const name = await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.type(name, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'This record was changed by someone else' },
      { timeout: 4000 },
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take stored' }));
    await waitFor(() => expect(name).toHaveValue('Theirs'));
  });

  it('validates before sending: the message under the field and a summary at the top', async () => {
    const api = editApi();
    renderScreen(pageScreen('edit', 5), api);
    await userEvent.clear(await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(await screen.findByRole('alert', { name: 'Form errors' }, { timeout: 4000 })).toHaveTextContent(
      'Please fill up all required field',
    );
    // The summary names the field and leads to it; no modal opens as well.
    expect(screen.getByRole('alert', { name: 'Form errors' })).toHaveTextContent('Name: Name is required');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus());
    expect(api.sent('PUT')).toHaveLength(0);
  });

  it('says so at the top of the form when no procedure is configured', async () => {
    const definition = pageDefinition({ actions: {} });
    const api = fakeApi({ 'BMTools/Page/Edit': definition }, (path) =>
      path === '/api/pages/5' ? stored : undefined,
    );
    renderScreen(pageScreen('edit', 5), api);
    await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', { name: 'Form errors' }, { timeout: 4000 })).toHaveTextContent(
      'there are prolems related to configuration while sent data to API',
    );
  });
});

describe('record form: unsaved changes', () => {
  it('asks before leaving with unsaved edits; Stay keeps them, Leave goes', async () => {
    const { router } = renderScreen(pageScreen('edit', 5), editApi());
    const name = await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    const start = router.state.location.pathname;
    await userEvent.type(name, ' edited');
    await router.navigate('/page/list');
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(router.state.location.pathname).toBe(start);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Home edited');

    await router.navigate('/page/list');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/page/list'));
  });

  it('lets an untouched form, or one typed back to its stored values, go without asking', async () => {
    const { router } = renderScreen(pageScreen('edit', 5), editApi());
    const name = await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.type(name, 'x');
    await userEvent.type(name, '{Backspace}');
    await router.navigate('/page/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/page/list'));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });
});

describe('record form: create mode', () => {
  const createApi = () =>
    fakeApi(presets, (path, options) =>
      path === '/api/pages' && options?.method === 'POST'
        ? { isSuccess: true, id: 12, message: '' }
        : undefined,
    );

  it('starts from the query string, offers only Save and close, POSTs and returns to the list', async () => {
    const api = createApi();
    const { router } = renderScreen(pageScreen('create'), api, { route: '/page/create?name=From%20link' });
    const name = await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    expect(name).toHaveValue('From link');
    expect(screen.queryByRole('textbox', { name: 'Id' })).not.toBeInTheDocument();
    // Save (stay on the form) and Public need a record that exists; a create form offers neither.
    const toolbar = screen.getByRole('toolbar', { name: 'Form actions' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Save and close', 'Discard changes']);
    await userEvent.click(screen.getByRole('button', { name: 'Save and close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/page/list'));
    expect(api.sent('POST')).toHaveLength(1);
    const body = api.sent('POST')[0]?.options?.body as { values: { mapkey: string; value: unknown }[] };
    expect(body.values.find((v) => v.mapkey === 'rowVersion')).toBeUndefined();
    expect(body.values).toEqual(
      expect.arrayContaining([
        { mapkey: 'name', value: 'From link' },
        { mapkey: 'status', value: null },
        { mapkey: 'contentHtml', value: '' },
      ]),
    );
  });

  it('Enter in a field does what Save and close does: POSTs once and returns to the list', async () => {
    const api = createApi();
    const { router } = renderScreen(pageScreen('create'), api);
    const name = await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.type(name, 'Typed{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/page/list'));
    expect(api.sent('POST')).toHaveLength(1);
    const body = api.sent('POST')[0]?.options?.body as { values: { mapkey: string; value: unknown }[] };
    expect(body.values).toEqual(expect.arrayContaining([{ mapkey: 'name', value: 'Typed' }]));
  });

  it('shows the 428 page without a default preset', async () => {
    renderScreen(
      pageScreen('create'),
      fakeApi({}, () => undefined),
    );
    expect(await screen.findByText('Precondition Required')).toBeInTheDocument();
  });

  it('hides Save and close and locks the fields without the Create right', async () => {
    renderScreen(pageScreen('create'), createApi(), { rights: ['BMTools/Page/List'] });
    await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('readonly');
  });

  it('sets the user field to the signed-in email', async () => {
    const definition = pageDefinition();
    definition.definition.push({
      key: 'user',
      mapKey: 'user',
      column: 'User',
      type: 'text',
      visible: true,
      create: { order: 9, tabId: 1 },
    });
    renderScreen(
      pageScreen('create'),
      fakeApi({ 'BMTools/Page/Create': definition }, () => undefined),
    );
    expect(await screen.findByRole('textbox', { name: 'User' })).toHaveValue('editor@bmtools.local');
  });
});

describe('record form: tabs and mark-fields mode', () => {
  it('keeps the active tab in the URL hash', async () => {
    const { router } = renderScreen(pageScreen('edit', 5), editApi(), { route: '/page/edit/5#2' });
    expect(await screen.findByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Page' }));
    expect(router.state.location.hash).toBe('#1');
  });

  it('asks for a marked field and sends only the marked ones with markedFields', async () => {
    const definition = pageDefinition({ hideToolbarActions: undefined } as never);
    for (const c of definition.definition) if (c.edit) c.edit = { ...c.edit, isMarked: true };
    const api = fakeApi({ 'BMTools/Page/Edit': definition }, (path, options) =>
      options?.method === 'PUT'
        ? { isSuccess: true, id: 5, message: '' }
        : path === '/api/pages/5'
          ? stored
          : undefined,
    );
    renderScreen(pageScreen('edit', 5), api);
    await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', { name: 'Form errors' }, { timeout: 4000 })).toHaveTextContent(
      'Please choose at least one more fields for the changes.',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Change Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    const body = api.sent('PUT')[0]?.options?.body as { values: { mapkey: string; value: unknown }[] };
    expect(body.values).toEqual([
      { mapkey: 'isActive', value: true },
      { mapkey: 'rowVersion', value: 3 },
      { mapkey: 'markedFields', value: 'isActive' },
    ]);
  });
});

describe('record form: a key the save generated', () => {
  it('is shown once, in a dialog, before the save leaves the form', async () => {
    const key = 'bmk_shown-once-and-never-again';
    const { router } = renderScreen(
      pageScreen('edit', 5),
      editApi(() => ({ isSuccess: true, id: 5, message: 'Saved', generatedKey: { mapKey: 'name', key } })),
      { route: '/page/edit/5?redirecturl=/page/view/5' },
    );
    await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 });
    await userEvent.click(screen.getByRole('button', { name: 'Save and close' }));
    const dialog = await screen.findByRole('dialog', { name: 'New key' });
    expect(dialog).toHaveTextContent(
      'Copy this key now: it is shown only once; only its SHA-256 hash is stored.',
    );
    expect(within(dialog).getByTestId('generated-key')).toHaveTextContent(key);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/page/edit/5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/page/view/5'));
    expect(screen.queryByText(key)).not.toBeInTheDocument();
  });
});
