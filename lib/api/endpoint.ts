// The address of an endpoint, from its contract key: the browser clients name the endpoint they
// call ("GET /api/Group/getGroups"), never a hand-written path, so a path that the contract table
// (lib/api/contract) does not have fails to compile. Type-only import: the table stays out of the
// browser bundle.
import type { ContractKey } from './contract';

type ParamNames<P extends string> = P extends `${string}[${infer N}]${infer Rest}` ? (N extends `...${infer C}` ? C : N) | ParamNames<Rest> : never;
type PathOf<K extends ContractKey> = K extends `${string} ${infer P}` ? P : never;

/** The values of a key's dynamic segments ([cui] → { cui }). */
export type EndpointParams<K extends ContractKey> = [ParamNames<PathOf<K>>] extends [never] ? undefined : Record<ParamNames<PathOf<K>>, string | number | string[]>;

export function endpoint<K extends ContractKey>(key: K, ...params: EndpointParams<K> extends undefined ? [] : [EndpointParams<K>]): string {
  const values = (params[0] ?? {}) as Record<string, string | number | string[]>;
  return key.slice(key.indexOf(' ') + 1).replace(/\[(?:\.\.\.)?(\w+)\]/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`${key}: lipsește ${name}`);
    // A catch-all segment ([...name]) takes a list: one path segment each.
    return Array.isArray(v) ? v.map(encodeURIComponent).join('/') : encodeURIComponent(String(v));
  });
}

/** The method of a key ("GET /api/…" → "GET"). */
export const methodOf = (key: ContractKey) => key.slice(0, key.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'DELETE';
