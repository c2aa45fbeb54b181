import type { ReplicationInfo } from '@bm/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { ReplicationToolPage } from './ReplicationToolPage.tsx';

const info = (readReplicas: ReplicationInfo['readReplicas']): ReplicationInfo => ({
  role: 'primary',
  alone: false,
  summary: 'This server is a primary with 2 streaming replica(s).',
  replicas: { rows: [] },
  slots: { rows: [] },
  publications: { rows: [] },
  subscriptions: { rows: [] },
  readReplicas,
});

const row = {
  name: 'replica1:5432/bmtools',
  inUse: true,
  reason: null,
  lagMs: 0,
  replayLsn: '0/3000148',
  behindBytes: 0,
  replayPaused: false,
  checkedAt: '2026-11-29T10:00:00.000Z',
  reads: 1234,
};

describe('ReplicationToolPage: read replicas', () => {
  it('shows each read replica in use or why not, its lag, replay position and reads served', async () => {
    const answer = info({
      maxLagMs: 5000,
      primaryReads: 56,
      rows: [
        row,
        {
          ...row,
          name: 'replica2:5432/bmtools',
          inUse: false,
          reason: '7.2 s behind, over the 5.0 s bound',
          lagMs: 7200,
          replayPaused: true,
          behindBytes: 2048,
          reads: 7,
        },
      ],
    });
    renderWithApp(<ReplicationToolPage />, { services: { http: stubHttp(() => answer) } });
    const table = await screen.findByRole('table', { name: 'Read replicas' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/replica1:5432\/bmtools\s*yes\s*0 ms\s*0\/3000148\s*0 B\s*1,234/);
    expect(second).toHaveTextContent('no: 7.2 s behind, over the 5.0 s bound');
    expect(second).toHaveTextContent('7.2 s');
    expect(second).toHaveTextContent('(replay paused)');
    expect(second).toHaveTextContent('2.0 kB');
    expect(
      screen.getByText(/more than 5\.0 s behind is left out\. The primary served 56 of them\./),
    ).toBeVisible();
  });

  it('says when no read replica is configured', async () => {
    renderWithApp(<ReplicationToolPage />, {
      services: { http: stubHttp(() => info({ maxLagMs: 5000, primaryReads: 0, rows: [] })) },
    });
    expect(await screen.findByText(/^No read replicas are configured \(DATABASE_READ_URLS\)/)).toBeVisible();
  });
});
