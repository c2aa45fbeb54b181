/** Stored HTML rendered for reading, only after sanitising (see sanitizeHtml). */
import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeHtml } from './sanitizeHtml.ts';

export function SanitizedHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is DOMPurify's output.
  return <Typography data-html-view dangerouslySetInnerHTML={{ __html: clean }} />;
}
