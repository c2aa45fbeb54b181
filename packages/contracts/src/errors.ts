/** Every 4xx/5xx body is `{ message }` plus optional `code` and `errors` (a fixed shape). */
import { z } from 'zod';

export const errorBodySchema = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional(),
    /** 409: the stored record as it is now. */
    current: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();
export type ErrorBody = z.infer<typeof errorBodySchema>;
