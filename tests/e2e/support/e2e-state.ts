// What scripts/e2e-server.ts tells the specs about the server it started: the throwaway
// database (for data no UI of this branch creates yet), the cron secret and the SMTP sink port.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type E2eState = { databaseUrl: string; cronSecret: string; smtpPort: number };

export const e2eStateFile = (port: string | number) => path.join(os.tmpdir(), `radarfirme-e2e-${port}.json`);

export function readE2eState(): E2eState {
  return JSON.parse(readFileSync(e2eStateFile(process.env.E2E_PORT ?? 3100), 'utf8')) as E2eState;
}
