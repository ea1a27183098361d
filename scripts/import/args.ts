// The command-line pieces the import commands share (`npm run import`, `npm run fiscal:import-arrears`).

/** Removes `name value` from `args` and returns the value; undefined when the flag is absent. */
export function takeFlag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
}

/** The data date a command was given (`--data`): AAAA-LL-ZZ or nothing. */
export function checkDataDate(date: string | undefined): void {
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error('--data trebuie să fie AAAA-LL-ZZ');
}
