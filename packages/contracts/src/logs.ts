/** Client log sink entries (`POST /api/logs`). */
import { z } from 'zod';

export const LOG_MESSAGE_MAX = 8000;

export const clientLogSchema = z.object({
  level: z.enum(['error', 'warn', 'info']),
  message: z.string().min(1).max(LOG_MESSAGE_MAX),
  url: z.string().max(2000),
});
export type ClientLog = z.infer<typeof clientLogSchema>;
