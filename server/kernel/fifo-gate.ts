// A FIFO gate: at most `limit()` jobs run at once, the others wait in arrival order, and a freed
// place passes straight to the first in line. Used by the password hashing queue
// (server/auth/passwords.ts) and the front's hot API (server/http/front-routes.ts, decision 075).
import 'server-only';

/** What a gate counts; several gates may share one (copies of a module in several bundles). */
export type FifoGateState = { running: number; waiting: Array<() => void> };

export class FifoGate {

  /**
   * `limit()`: places (read at each call; 0 or less = no limit). `overflow`: when given, a job
   * that would wait behind `overflow.max()` others is refused with `overflow.error()` instead.
   * `state`: counters shared with other gates (default: this gate's own).
   */
  constructor(
    private readonly limit: () => number,
    private readonly overflow?: { max: () => number; error: () => Error },
    private readonly state: FifoGateState = { running: 0, waiting: [] },
  ) {}

  /** Runs `work` when a place is free (at once when there is one), in arrival order. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const limit = this.limit();
    const s = this.state;
    if (limit > 0 && s.running >= limit) {
      if (this.overflow && s.waiting.length >= this.overflow.max()) throw this.overflow.error();
      await new Promise<void>((resolve) => s.waiting.push(resolve));
    } else {
      s.running++;
    }
    try {
      return await work();
    } finally {
      // The place passes to the first in line (running stays the same), or is freed.
      const next = s.waiting.shift();
      if (next) next();
      else s.running--;
    }
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.state.running, waiting: this.state.waiting.length };
  }
}
