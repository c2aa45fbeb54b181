/**
 * An iframe page config: its api framed at its parent's height less 15 px. The api is a
 * tool key of the runtime config's toolUrls (as the catalogue's configs use), else an address.
 */
import { EmptyState } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconWorldOff } from '@tabler/icons-react';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { frameHeight, toolFrameUrl } from '../../app/config/toolFrameUrl.ts';
import { FormHeader } from '../forms/FormHeader.tsx';
import classes from '../tools/tools.module.css';

export function DynamicFramePage({ url, title }: { url: string; title: string }) {
  const { ref, height } = useElementSize();
  const { toolUrls } = useRuntimeConfig();
  // Only http(s) addresses are framed, as for tool pages.
  const src = Object.hasOwn(toolUrls, url)
    ? toolFrameUrl({ toolUrls, fallbackToolUrl: '' }, url)
    : toolFrameUrl({ toolUrls: { page: url }, fallbackToolUrl: '' }, 'page');
  return (
    <div className={classes.page}>
      <FormHeader title={title} />
      {src ? (
        <div ref={ref} className={classes.frameHost}>
          <iframe className={classes.frame} title={title || 'Page'} src={src} height={frameHeight(height)} />
        </div>
      ) : (
        <EmptyState icon={<IconWorldOff aria-hidden />} title="This page has no address to show." />
      )}
    </div>
  );
}
