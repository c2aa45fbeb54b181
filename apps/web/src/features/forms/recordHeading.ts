/**
 * What a record screen is called, so staff always know which record they are on: "New page",
 * "Edit page “Home page”", "Page “Home page”" (view), with the id when the record has no name.
 * The name is the value of the area's declared title field (recordName).
 */
import { recordName } from '../grid/recordName.ts';
import type { RecordScreen } from './recordScreen.ts';

const clip = (text: string, max = 60): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function recordHeading(
  mode: RecordScreen['mode'],
  singular: string,
  id: number | undefined,
  record: Readonly<Record<string, unknown>> | undefined,
  titleField: string | undefined,
): string {
  // "Page" reads "page" inside a heading; an initialism keeps its capitals ("API key", not "aPI key").
  const lower = /^[A-Z][^A-Z]/.test(singular)
    ? singular.charAt(0).toLowerCase() + singular.slice(1)
    : singular;
  if (mode === 'create') return `New ${lower}`;
  if (mode === 'bulkupdate') return `Bulk edit ${lower} records`;
  const name = recordName(record, titleField);
  const which = name ? `“${clip(name)}”` : id === undefined ? '' : `#${id}`;
  const heading = mode === 'edit' ? `Edit ${lower}` : singular;
  return which ? `${heading} ${which}` : heading;
}
