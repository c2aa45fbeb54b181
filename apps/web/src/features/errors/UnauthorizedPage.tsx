/** The 401 screen for a user lacking the right a screen needs (spec core §2, §6). */
import { StatusPage } from './StatusPage.tsx';

export function UnauthorizedPage() {
  return (
    <StatusPage code="401" title="Unauthorized">
      Please contact your administrator.
    </StatusPage>
  );
}
