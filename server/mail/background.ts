// Work that runs after the answer is sent (mail delivery, the forgot-password lookup). Inside a
// Next request it uses after(); elsewhere (scripts, tests calling handlers directly) the promise
// runs on its own, and waitForBackgroundTasks() lets a caller wait for it.
import 'server-only';
import { after } from 'next/server';

const pending = new Set<Promise<unknown>>();

export function runInBackground(task: () => Promise<unknown>, label: string): void {
  const run = () =>
    task().catch((e) => {
      console.error(`[background] ${label}:`, e instanceof Error ? e.message : e);
    });
  try {
    after(run);
    return;
  } catch {
    // Not inside a request scope.
  }
  const p = run().finally(() => pending.delete(p));
  pending.add(p);
}

export async function waitForBackgroundTasks(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
