/**
 * A tool page: the tool's address in a frame whose height is its parent's
 * less 15 px, or a notice when no address is configured.
 */
import { EmptyState } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconTool } from '@tabler/icons-react';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { frameHeight, toolFrameUrl } from '../../app/config/toolFrameUrl.ts';
import { usePageTitle } from '../menu/usePageTitle.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import classes from './tools.module.css';

export function ToolPage({ toolKey }: { toolKey: string }) {
  const config = useRuntimeConfig();
  const title = usePageTitle();
  const url = toolFrameUrl(config, toolKey);
  const { ref, height } = useElementSize();

  return (
    <div className={classes.page}>
      <PageHeader />
      {url ? (
        <div ref={ref} className={classes.frameHost}>
          <iframe className={classes.frame} title={title} src={url} height={frameHeight(height)} />
        </div>
      ) : (
        <EmptyState
          icon={<IconTool aria-hidden />}
          title="No address is configured for this tool."
          description="Ask your administrator to set the tool's address."
        />
      )}
    </div>
  );
}
