/**
 * A tool route's screen: the native page of the database, replication and reservation search tools,
 * and for every other tool its frame (ToolPage).
 */
import { DatabaseToolPage } from './DatabaseToolPage.tsx';
import { ReplicationToolPage } from './ReplicationToolPage.tsx';
import { ReservationSearchPage } from './ReservationSearchPage.tsx';
import { ToolPage } from './ToolPage.tsx';

export function ToolScreen({ toolKey }: { toolKey: string }) {
  switch (toolKey) {
    case 'mongo':
      return <DatabaseToolPage />;
    case 'replication':
      return <ReplicationToolPage />;
    case 'search':
      return <ReservationSearchPage />;
    default:
      return <ToolPage toolKey={toolKey} />;
  }
}
