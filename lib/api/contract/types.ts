// The shape of one endpoint's contract. The table (lib/api/contract/index.ts) is the one source of
// each endpoint: the route wrapper reads its access and schemas, the OpenAPI document and the
// typed browser client are generated from it (docs/decisions/068).
import type { z } from 'zod';

/** metrics: a scraper on this machine (the socket's address) or one holding METRICS_TOKEN (issue 32). */
export type Access = 'public' | 'user' | 'admin' | 'cron' | 'metrics';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Endpoint = {
  access: Access;
  /** What the endpoint does, in Romanian (the OpenAPI summary). */
  summary: string;
  /**
   * Offered to developers (API keys, /api/v1/…; docs/decisions/067) with the key scope it needs:
   * "read" (every key) or "write" (opt-in). Its answer schema is precise.
   */
  developer?: 'read' | 'write';
  /** Path parameters: dynamic segments written as in the app/api folder names ([cui]). */
  params?: z.ZodType;
  /** The query string (z.coerce for numbers); keys are matched ignoring case. */
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** The JSON answer (validated in development and tests, server/http/route.ts). */
  answer: z.ZodType;
  /** The answer is not JSON (a file, a redirect, an image, a text page): documented, never parsed. */
  answerType?: string;
};

/** Keeps the literal keys and each entry's own schema types (the handlers are typed from them). */
export function endpoints<const T extends Record<string, Endpoint>>(table: T): T {
  return table;
}
