/** A grid column's sort (core §4 "Grid behaviour"): the columns sorted, in the order they were chosen. */
export type SortDirection = 'ASC' | 'DESC';
export interface SortEntry {
  key: string;
  direction: SortDirection;
}
