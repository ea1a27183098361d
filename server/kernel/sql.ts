// The one way the hand-written SQL builds its parameters, and the one LIKE escaper. Values are
// always bound ($1, $2, …), never pasted into the text; only identifiers and fixed fragments
// chosen from whitelists are written into the SQL.
import 'server-only';

/** Bound parameters of one statement: `p.add(value)` binds a value and returns its placeholder. */
export class Params {
  readonly values: unknown[];

  constructor(initial: readonly unknown[] = []) {
    this.values = [...initial];
  }

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** The values bound so far, as a new list (for a second statement, e.g. a count, that stops here). */
  snapshot(): unknown[] {
    return [...this.values];
  }
}

/** Escapes LIKE's metacharacters so '%', '_' and '\' typed by a user match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** LIKE pattern: the text anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
/** LIKE pattern: the text at the start. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
