// What scripts/e2e-server.ts tells the specs about the server it started: the throwaway
// database (for data no UI of this branch creates yet, and the importer's runs), the cron secret,
// the SMTP sink port and the local mailbox folder.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type E2eState = {
  databaseUrl: string;
  cronSecret: string;
  smtpPort: number;
  /** The local mailbox folder (raw .eml with every header, and a .json summary per message). */
  mailboxDir: string;
};

export const e2eStateFile = (port: string | number) => path.join(os.tmpdir(), `radarfirme-e2e-${port}.json`);

export function readE2eState(): E2eState {
  return JSON.parse(readFileSync(e2eStateFile(process.env.E2E_PORT ?? 3100), 'utf8')) as E2eState;
}
