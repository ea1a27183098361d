// The one process-wide slot of the code base (decision 082). Next bundles the server code into its
// own module instances (the proxy, each route, instrumentation may each hold a copy of a module),
// and the front server (server/http/front/) runs in the same process outside that bundle: module
// state is per copy, so what must be one per process (the database pools, the search copy, the
// metrics registry, what the front and the app hand each other) lives here, under a registered
// symbol. No other file touches globalThis (tests/unit/process-slot.test.ts fails on one).
// Plain JavaScript: the front runs under plain `node`, and Next bundles this same file.

const keys = new Map();
/** The registered symbol of a slot (the same in every copy of this module); looked up once per name. */
function keyOf(name) {
  let key = keys.get(name);
  if (key === undefined) keys.set(name, (key = Symbol.for(`radarfirme.${name}`)));
  return key;
}

/** The value under `name`, created by `create` on the first call in the process. */
export function processSlot(name, create) {
  const key = keyOf(name);
  if (!(key in globalThis)) globalThis[key] = create();
  return globalThis[key];
}

/** The value under `name`, or undefined when nothing was put there yet. */
export function readProcessSlot(name) {
  return globalThis[keyOf(name)];
}

/** Puts `value` under `name` (replacing what was there). */
export function setProcessSlot(name, value) {
  globalThis[keyOf(name)] = value;
}
