import type { PageConfig } from '@bm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { fakeApi, pageDefinition } from '../forms/test/formFixtures.tsx';
import { DynamicRoute } from './DynamicRoute.tsx';

const action = (name: string, right: string) => ({
  action: name,
  rightName: right,
  sqlQuery: 'bm_page_save',
  databaseName: '',
});
const configs: PageConfig[] = [
  {
    route: '/content/pages',
    pageType: 'list',
    api: '/api/pages',
    pageName: 'Content pages',
    actions: [action('List', 'Dyn/List')],
  },
  {
    route: '/content/page',
    pageType: 'edit',
    api: '/api/pages',
    pageName: 'Content page',
    actions: [action('Edit', 'Dyn/Edit'), action('Create', 'Dyn/Create')],
  },
  {
    route: '/content/page-view',
    pageType: 'view',
    api: '/api/pages',
    pageName: 'Page view',
    actions: [action('View', 'Dyn/View')],
  },
  {
    route: '/content/bulk',
    pageType: 'bulkedit',
    api: '/api/pages',
    pageName: 'Bulk pages',
    actions: [action('BulkEdit', 'Dyn/BulkEdit')],
  },
  {
    route: '/content/frame',
    pageType: 'iframe',
    api: 'https://tools.example.test/x',
    pageName: 'Framed',
    actions: [action('View', 'Dyn/View')],
  },
  {
    route: '/content/roadmap',
    pageType: 'iframe',
    api: 'roadmap',
    pageName: 'Roadmap (configured)',
    actions: [action('View', 'Dyn/View')],
  },
  {
    route: '/content/map',
    pageType: 'map',
    api: '/api/maplocations',
    pageName: 'Map',
    actions: [action('GetMap', 'Dyn/GetMap')],
  },
  {
    route: '/content/chart',
    pageType: 'chart',
    api: '/api/x',
    pageName: 'Chart',
    actions: [action('View', 'Dyn/View')],
  },
  {
    route: '/content/source',
    pageType: 'Source',
    api: '/api/x',
    pageName: 'Source',
    actions: [action('View', 'Dyn/View')],
  },
  {
    route: '/content/nodefault',
    pageType: 'edit',
    api: '/api/x',
    pageName: 'No default',
    actions: [action('Create', 'Dyn/NoDefault')],
  },
];
const rights = [
  'Dyn/List',
  'Dyn/Edit',
  'Dyn/Create',
  'Dyn/View',
  'Dyn/BulkEdit',
  'Dyn/GetMap',
  'Dyn/NoDefault',
];

function renderPath(path: string, userRights = rights) {
  const presets = {
    'Dyn/Edit': pageDefinition(),
    'Dyn/Create': pageDefinition(),
    'Dyn/View': pageDefinition(),
    'Dyn/BulkEdit': pageDefinition(),
  };
  const api = fakeApi(presets, (p) =>
    p.startsWith('/api/pages/4') ? { id: 4, name: 'Dyn home', rowVersion: 1 } : undefined,
  );
  const inner = api.http.client.request.getMockImplementation();
  const http = stubHttp((p, o) => (p === '/api/pageconfigs' ? configs : inner?.(p, o)));
  renderWithApp(<DynamicRoute pathname={path.split('?')[0] ?? path} />, {
    route: path,
    rights: userRights,
    services: { http },
  });
  return { http };
}

describe('dynamic pages', () => {
  it('an edit page config with an id is the record form on its api, titled by its name', async () => {
    renderPath('/content/page/4');
    expect(await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 })).toHaveValue('Dyn home');
    expect(screen.getByRole('heading', { level: 1, name: 'Content page' })).toBeInTheDocument();
  });

  it('an edit page config without an id creates', async () => {
    renderPath('/content/page');
    expect(await screen.findByRole('textbox', { name: /Name/ }, { timeout: 4000 })).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Id' })).not.toBeInTheDocument();
  });

  it('a view page config is the detail view, read through its view', async () => {
    const { http } = renderPath('/content/page-view/4');
    expect(await screen.findByText('Dyn home')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(http.client.request).toHaveBeenCalledWith(
      '/api/pages/4?sqlViewName=bm_page_save',
      expect.anything(),
    );
  });

  it('a bulkedit page config is the bulk editor', async () => {
    renderPath('/content/bulk');
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('a list page config is a list screen of its List right', async () => {
    const { http } = renderPath('/content/pages');
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/presets/user/Dyn%2FList', expect.anything()),
    );
    expect(await screen.findByText('No preset is available for this page.')).toBeInTheDocument();
  });

  it('a map page config is the list screen of its GetMap right for the record its address names', async () => {
    const { http } = renderPath('/content/map/7');
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/presets/user/Dyn%2FGetMap', expect.anything()),
    );
  });

  it('a map page config without its record says how to open it', async () => {
    renderPath('/content/map');
    expect(await screen.findByText('Choose the record to map')).toBeInTheDocument();
  });

  it('an iframe page config frames its address, or the tool its api names', async () => {
    renderPath('/content/frame');
    expect(await screen.findByTitle('Framed')).toHaveAttribute('src', 'https://tools.example.test/x');
  });

  it('an iframe page config may name a tool key', async () => {
    renderPath('/content/roadmap');
    expect(await screen.findByTitle('Roadmap (configured)')).toHaveAttribute(
      'src',
      'https://roadmap.example.test/',
    );
  });

  it("an unknown type says 'Page type ... is not config'", async () => {
    renderPath('/content/chart');
    expect(await screen.findByText('Page type chart is not config')).toBeInTheDocument();
  });

  it('Source configs are no pages, unknown paths are not found', async () => {
    renderPath('/content/source');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
  });

  it('shows the 428 page when the default preset is missing', async () => {
    renderPath('/content/nodefault');
    expect(await screen.findByText('Precondition Required')).toBeInTheDocument();
  });

  it('is guarded by its action rights', async () => {
    renderPath('/content/page/4', ['Dyn/List']);
    expect(await screen.findByText('403')).toBeInTheDocument();
  });
});
