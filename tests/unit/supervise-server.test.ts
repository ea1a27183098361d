// The supervisor of the embedded PostgreSQL (decision 118) with stand-in processes: a server that
// stops on its own is started again, every period while starting fails, and stop() ends the watch
// at once, also between two tries; a server stopped by its owner is not started again.
import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { superviseServer } from '@/scripts/db/supervise';

type Fake = ChildProcess & { die: (code?: number) => void };
function fakeProcess(): Fake {
  const p = new EventEmitter() as Fake;
  Object.assign(p, { exitCode: null, signalCode: null });
  p.die = (code = 1) => {
    Object.assign(p, { exitCode: code });
    p.emit('exit', code, null);
  };
  return p;
}
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('started again after it stopped on its own, through failed tries, with one line each way', async () => {
  const first = fakeProcess();
  const lines: string[] = [];
  let tries = 0;
  const next = fakeProcess();
  const sup = superviseServer({
    first,
    everyMs: 10,
    log: (l) => lines.push(l),
    start: async () => {
      tries++;
      if (tries < 3) throw new Error('disk still full');
      return next;
    },
  });
  first.die(1);
  for (let i = 0; i < 100 && sup.restarts() === 0; i++) await tick(10);
  expect(tries).toBe(3);
  expect(sup.restarts()).toBe(1);
  expect(sup.current()).toBe(next);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/PostgreSQL s-a oprit singur \(cod 1\)/);
  expect(lines[1]).toMatch(/PostgreSQL pornit din nou după .* s \(3 încercări\)/);
  await sup.stop();
});

test('stop() while it is down ends the watch at once; a stopped watch starts nothing', async () => {
  const first = fakeProcess();
  const start = jest.fn(async () => fakeProcess());
  const sup = superviseServer({ first, everyMs: 60_000, log: () => {}, start });
  first.die(1);
  const t0 = Date.now();
  await sup.stop();
  expect(Date.now() - t0).toBeLessThan(1_000);
  expect(start).not.toHaveBeenCalled();

  const other = fakeProcess();
  const start2 = jest.fn(async () => fakeProcess());
  const sup2 = superviseServer({ first: other, everyMs: 10, log: () => {}, start: start2 });
  await sup2.stop();
  other.die(0); // its owner stopped it
  await tick(50);
  expect(start2).not.toHaveBeenCalled();
});
