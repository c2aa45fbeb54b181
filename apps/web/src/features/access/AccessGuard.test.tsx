import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { AccessGuard, requireRight } from './AccessGuard.tsx';

const guarded = (
  <AccessGuard rule={requireRight('BMTools/Page/List')}>
    <p>the pages screen</p>
  </AccessGuard>
);

describe('AccessGuard', () => {
  it('renders the screen when the rule passes', async () => {
    renderWithApp(guarded, { rights: ['BMTools/Page/List'] });
    expect(await screen.findByText('the pages screen')).toBeInTheDocument();
  });

  it('names the screen and the missing right, and logs the email and rights on denial', async () => {
    const http = stubHttp();
    renderWithApp(guarded, {
      rights: ['BMTools/Review/List', 'ViewSearch'],
      route: '/page/list',
      services: { http },
    });
    expect(
      await screen.findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.getByText(/needs the right “List page”/)).toBeInTheDocument();
    expect(screen.getByText('BMTools/Page/List')).toBeInTheDocument();
    expect(screen.getByText('Please contact your administrator.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toBeInTheDocument();
    expect(screen.queryByText('401')).not.toBeInTheDocument();
    expect(screen.queryByText('the pages screen')).not.toBeInTheDocument();
    await waitFor(() => expect(http.client.log).toHaveBeenCalledTimes(1));
    const [entry] = http.client.log.mock.calls[0] as unknown as [
      { level: string; message: string; url: string },
    ];
    expect(entry.level).toBe('warn');
    expect(entry.message).toContain('editor@bmtools.local');
    expect(entry.message).toContain('BMTools/Review/List, ViewSearch');
    expect(entry.message).toContain('/page/list');
  });

  it('offers a retry instead of a false 401 when rights fail to load', async () => {
    let fail = true;
    const http = stubHttp((path) => {
      if (path === '/api/userRights' && fail) throw new Error('down');
      return ['BMTools/Page/List'];
    });
    renderWithApp(guarded, { services: { http } });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByText('403')).not.toBeInTheDocument();
    expect(http.client.request).toHaveBeenCalledWith(
      '/api/userRights',
      expect.objectContaining({ silent: true }),
    );
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('the pages screen')).toBeInTheDocument();
  });
});
