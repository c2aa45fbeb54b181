/** The render-failure screen. */
import { Button } from '@mantine/core';
import { StatusPage } from './StatusPage.tsx';

export function SomethingWentWrong() {
  return (
    <StatusPage
      title="Uh oh! Something went wrong."
      actions={
        <Button variant="light" mt="sm" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      }
    />
  );
}
