/** The header box of the page's rows: every one ticked, some, or none. */
export type PageTick = 'all' | 'some' | 'none';

export function pageTick(pageIds: readonly string[], selected: ReadonlySet<string>): PageTick {
  const ticked = pageIds.filter((id) => selected.has(id)).length;
  return ticked === 0 ? 'none' : ticked === pageIds.length ? 'all' : 'some';
}
