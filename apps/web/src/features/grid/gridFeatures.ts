/** The TanStack Table features the grid registers (v9 declares them explicitly): column visibility. */
import { columnVisibilityFeature, tableFeatures } from '@tanstack/react-table';

export const gridFeatures = tableFeatures({ columnVisibilityFeature });
export type GridFeatures = typeof gridFeatures;
