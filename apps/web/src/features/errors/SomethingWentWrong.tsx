/** The render-failure screen (spec core §2 "Shell", §8). */
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
