/** The 428 page for a screen whose default preset is missing. */
import { StatusPage } from './StatusPage.tsx';

export function PreconditionRequiredPage() {
  return (
    <StatusPage code="428" title="Precondition Required">
      The requested page is missing the default preset, please contact your administrator.
    </StatusPage>
  );
}
