/** The 401 screen for a user lacking the right a screen needs. */
import { StatusPage } from './StatusPage.tsx';

export function UnauthorizedPage() {
  return (
    <StatusPage code="401" title="Unauthorized">
      Please contact your administrator.
    </StatusPage>
  );
}
