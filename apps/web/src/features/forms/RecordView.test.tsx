import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALL_PAGE_RIGHTS, fakeApi, pageDefinition, pageScreen, renderScreen } from './test/formFixtures.tsx';

const stored = {
  id: 5,
  name: '<img src=x onerror="window.__xss=1">',
  status: 'published',
  isActive: false,
  contentHtml: '<p>Body</p><script>window.__xss=1</script><img src=x onerror="window.__xss=1">',
  rowVersion: 3,
};

const withPublish = pageDefinition({
  actions: {
    edit: { storedProcedure: 'bm_page_save' },
    publish: { titleModal: 'Publish page', contentModal: 'Publish it?' },
  },
});

function viewApi(publish: () => unknown = () => ({ isSuccess: true, id: 5, message: 'Published' })) {
  return fakeApi({ 'BMTools/Page/View': withPublish }, (path, options) => {
    if (path === '/api/pages/5') return stored;
    if (path === '/api/pages/publish' && options?.method === 'POST') return publish();
    return undefined;
  });
}

describe('detail view page', () => {
  it('shows the values read-only: text as text, HTML only sanitised, booleans as words', async () => {
    const { container } = renderScreen(pageScreen('view', 5), viewApi());
    expect(await screen.findByText('<img src=x onerror="window.__xss=1">')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Content' }));
    expect(await screen.findByText('Body')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Page' }));
    expect(screen.getByText('No')).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
  });

  it('has Edit, Public and Back to list', async () => {
    const { router } = renderScreen(pageScreen('view', 5), viewApi());
    const toolbar = await screen.findByRole('toolbar', { name: 'Form actions' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Public', 'Back to list']);
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe('/page/edit/5');
  });

  it('shows only what the rights allow', async () => {
    renderScreen(pageScreen('view', 5), viewApi(), { rights: ['BMTools/Page/View'] });
    await screen.findByRole('toolbar', { name: 'Form actions' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Public' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to list' })).not.toBeInTheDocument();
  });

  it('publishes after the confirmation with Ok', async () => {
    const api = viewApi();
    renderScreen(pageScreen('view', 5), api, { rights: ALL_PAGE_RIGHTS });
    await userEvent.click(await screen.findByRole('button', { name: 'Public' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish page' }, { timeout: 4000 });
    expect(dialog).toHaveTextContent('Publish it?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.sent('POST')).toHaveLength(1));
    expect(api.sent('POST')[0]?.options).toMatchObject({ body: { id: 5 }, silent: true });
    expect(
      await screen.findByText('Published', { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
  });

  it('cancels a publish, and a failed one only clears the busy state', async () => {
    const api = viewApi(() => {
      throw new Error('down');
    });
    renderScreen(pageScreen('view', 5), api);
    await userEvent.click(await screen.findByRole('button', { name: 'Public' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Publish page' }, { timeout: 4000 })).getByRole(
        'button',
        {
          name: 'Cancel',
        },
      ),
    );
    expect(api.sent('POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Public' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Publish page' }, { timeout: 4000 })).getByRole(
        'button',
        { name: 'Ok' },
      ),
    );
    await waitFor(() => expect(api.sent('POST')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByLabelText('Publishing')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });
});
