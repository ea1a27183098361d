// Keeps the embedded PostgreSQL running (issue 51, decision 118). A full pg_wal disk does not fail
// one statement: PostgreSQL cannot log a commit, the backend PANICs, the crash recovery that
// follows cannot start a new WAL segment either, and the postmaster shuts down ("shutting down due
// to startup process failure"). Nothing comes back once space is freed unless something starts it
// again: in production Docker's restart policy does (docker-compose.yml, `restart: unless-stopped`),
// for the embedded default of `npm start` / `npm run db:up` this supervisor does. It starts the
// server again every `everyMs` while it keeps failing (each try is a crash recovery, refused in a
// second while the disk is still full) and says so once, not at every try.
import type { ChildProcess } from 'node:child_process';

export type Supervisor = {
  /** The server's process now (a new one after each restart). */
  current: () => ChildProcess;
  /** Restarts so far. */
  restarts: () => number;
  /** Stops watching (the caller stops the server itself); a restart under way is awaited. */
  stop: () => Promise<void>;
};

export type SuperviseOptions = {
  /** The server already running. */
  first: ChildProcess;
  /** Starts the server again; resolves once it accepts connections, rejects when it stopped again. */
  start: () => Promise<ChildProcess>;
  everyMs?: number;
  log?: (line: string) => void;
};

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export function superviseServer(opts: SuperviseOptions): Supervisor {
  const everyMs = opts.everyMs ?? 5_000;
  const log = opts.log ?? ((line: string) => console.error(line));
  let child = opts.first;
  let stopped = false;
  let restarts = 0;
  let restarting: Promise<void> | null = null;
  // The wait between two tries, cut short by stop(): stopping a server that is down is immediate.
  let wake: (() => void) | null = null;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, everyMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const restart = async () => {
    const since = Date.now();
    let tries = 0;
    log(`[db] PostgreSQL s-a oprit singur (cod ${child.exitCode ?? child.signalCode}): îl repornesc la fiecare ${everyMs / 1000} s până merge (un pg_wal plin îl oprește până se eliberează spațiu)`);
    while (!stopped) {
      await pause();
      wake = null;
      if (stopped) return;
      tries++;
      try {
        child = await opts.start();
        restarts++;
        log(`[db] PostgreSQL pornit din nou după ${((Date.now() - since) / 1000).toFixed(1)} s (${tries} încercări)`);
        watch();
        return;
      } catch {
        /* still failing (a full disk refuses the crash recovery): try again at the next period */
      }
    }
  };

  const watch = () => {
    const onExit = () => {
      if (stopped) return;
      restarting = restart().finally(() => (restarting = null));
    };
    if (exited(child)) onExit();
    else child.once('exit', onExit);
  };
  watch();

  return {
    current: () => child,
    restarts: () => restarts,
    stop: async () => {
      stopped = true;
      (wake as (() => void) | null)?.();
      await restarting;
    },
  };
}
