/** Entry point: loads the runtime config, builds the services and mounts the app. */
// First: nothing may parse before zod is told not to probe for eval.
import './noEval.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { BootFailure } from './app/BootFailure.tsx';
import { createAppServices } from './app/boot.ts';
import { loadRuntimeConfig } from './app/config/loadRuntimeConfig.ts';
import { appRoutes } from './app/router/appRoutes.tsx';

async function main(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  const root = createRoot(container);
  try {
    const services = await createAppServices(await loadRuntimeConfig());
    const router = createBrowserRouter(appRoutes);
    root.render(
      <StrictMode>
        <App services={services} router={router} />
      </StrictMode>,
    );
  } catch (error) {
    root.render(<BootFailure message={error instanceof Error ? error.message : String(error)} />);
  }
}

void main();
