// Types of server/http/front/drain.mjs.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export function readDrainSettings(envVars?: Record<string, string | undefined>): { graceMs: number; drainMs: number };
export type Drain = {
  readonly draining: boolean;
  readonly inflight: number;
  admit(req: IncomingMessage, res: ServerResponse): boolean;
  shutdown(server: Server, log?: (line: string) => void, opts?: { graceMs?: number }): Promise<void>;
};
export function createDrain(settings?: { graceMs: number; drainMs: number }): Drain;
