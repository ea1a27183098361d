// Lookups of a client-sent key (a sort column, an alias) in a constant map. `map[key]` also finds
// what every object inherits: OrderBy=constructor reached SQL as "function Object() {…}" and
// answered 500 (issue 23). Only the map's own entries count.

/** map[key] when key is one of the map's own entries; undefined for anything else, inherited keys included. */
export function ownValue<V>(map: Readonly<Record<string, V>>, key: string | null | undefined): V | undefined {
  return key != null && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}
