/** The page for any path that matches no screen. */
import { HomeButton, StatusPage } from './StatusPage.tsx';

export function NotFoundPage() {
  return <StatusPage code="404" title="Oops! Page not found" actions={<HomeButton />} />;
}
