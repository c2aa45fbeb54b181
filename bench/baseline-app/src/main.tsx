/**
 * The floor of the bundle benchmark: React, Mantine's provider and styles, and the console's own
 * DataGrid, rendering the rows of one list call, and nothing else: no router, no sign-in client,
 * no shell, no presets, no filters bar, no form engine. The bench passes what to fetch in the page's
 * hash (the list call the console made, its columns and the admin's token), so there is no extra
 * round trip before the rows are asked for.
 */
import '@mantine/core/styles.css';
import type { ColumnDefinition, Row } from '@bm/contracts';
import { MantineProvider } from '@mantine/core';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DataGrid } from '../../../apps/web/src/features/grid/DataGrid.tsx';

interface Spec {
  token: string;
  /** The list call, path and query, as the console sent it. */
  listUrl: string;
  columns: ColumnDefinition[];
  keyColumn: string;
}

const spec = JSON.parse(decodeURIComponent(window.location.hash.slice(1))) as Spec;
const visibility = Object.fromEntries(spec.columns.map((c) => [c.key, c.visible]));
const none = () => {};

function App() {
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    void fetch(spec.listUrl, {
      headers: { accept: 'application/json', authorization: `Bearer ${spec.token}` },
    })
      .then((r) => r.json() as Promise<{ data: Row[] }>)
      .then((body) => setRows(body.data));
  }, []);
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', padding: 16 }}>
      <DataGrid
        columns={spec.columns}
        visibility={visibility}
        rows={rows ?? []}
        keyColumn={spec.keyColumn}
        loading={rows === null}
        compact={false}
        sort={[]}
        filters={{}}
        filtersHidden={false}
        actions={[]}
        hideActions
        frozenField={undefined}
        openMenu={null}
        onOpenMenu={none}
        onSort={async () => {}}
        onFilter={none}
        onRunAction={none}
      />
    </div>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider>
        <App />
      </MantineProvider>
    </StrictMode>,
  );
}
