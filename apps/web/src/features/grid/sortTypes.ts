/** A grid column's sort: the columns sorted, in the order they were chosen. */
export type SortDirection = 'ASC' | 'DESC';
export interface SortEntry {
  key: string;
  direction: SortDirection;
}
