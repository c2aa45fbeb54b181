import '../../fields/registerFields.ts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/testServices.tsx';
import { RIGHTS_KEY } from '../access/useUserRights.ts';
import { ALL_PAGE_RIGHTS, fakeApi, pageDefinition, pageScreen } from './test/formFixtures.tsx';
import { type RecordFormController, useRecordFormController } from './useRecordFormController.ts';

const definition = pageDefinition();

/** A screen of its own over the form engine: no RecordForm, only the controller. */
function Probe({ onRender }: { onRender: (form: RecordFormController) => void }) {
  const recordForm = useRecordFormController({ screen: pageScreen('edit', 5), definition });
  onRender(recordForm);
  const { loaded, values } = recordForm.form.state;
  return <p>{loaded ? `name: ${String(values.name)}` : 'loading'}</p>;
}

describe('useRecordFormController', () => {
  it('drives a record form without RecordForm: load, toolbar, change and save', async () => {
    const api = fakeApi({}, (path, options) => {
      if (path === '/api/pages/5' && (options?.method ?? 'GET') === 'GET')
        return { id: 5, name: 'Home', status: 'draft', isActive: true, contentHtml: '', rowVersion: 3 };
      if (path === '/api/pages/5' && options?.method === 'PUT') return { isSuccess: true, id: 5 };
      return undefined;
    });
    let recordForm: RecordFormController | undefined;
    const view = renderWithApp(<Probe onRender={(f) => (recordForm = f)} />, {
      route: '/page/edit/5',
      rights: ALL_PAGE_RIGHTS,
      services: { http: api.http },
    });
    view.queryClient.setQueryData(RIGHTS_KEY, ALL_PAGE_RIGHTS);
    expect(await screen.findByText('name: Home')).toBeInTheDocument();
    expect(recordForm?.tabs.map((t) => t.name)).toEqual(['Page', 'Content']);
    expect(recordForm?.visible).toMatchObject({ save: true, saveAndClose: true, discard: true });

    const name = recordForm?.fields.find((f) => f.key === 'name');
    if (!name) throw new Error('no name field');
    act(() => recordForm?.form.change(name, 'Start'));
    expect(await screen.findByText('name: Start')).toBeInTheDocument();
    act(() => recordForm?.save());
    await waitFor(() => expect(api.sent('PUT')).toHaveLength(1));
    const body = api.sent('PUT')[0]?.options?.body as { values: { mapkey: string; value: unknown }[] };
    expect(body.values).toEqual(
      expect.arrayContaining([
        { mapkey: 'name', value: 'Start' },
        { mapkey: 'rowVersion', value: 3 },
      ]),
    );
  });
});
