/**
 * Ids as the database stores them. Most tables key on PostgreSQL `integer` (int4): an id past its
 * range is refused as a bad parameter (400 naming it), never sent to the database to fail there.
 */
import { z } from 'zod';

/** Largest value of a PostgreSQL `integer` column. */
export const INT4_MAX = 2_147_483_647;

/** An id of an `integer` column in a JSON body. */
export const int4IdSchema = z
  .number()
  .int('Must be a whole number')
  .positive('Must be a positive id')
  .max(INT4_MAX, `Must be at most ${INT4_MAX}`);

/** The same id in a path or query string, where it arrives as text. */
export const int4IdParam = z
  .string()
  .regex(/^\d{1,10}$/, 'Must be a positive whole number')
  .transform(Number)
  .pipe(int4IdSchema);
