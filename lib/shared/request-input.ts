// Hostile input that must never reach a route or the database: a malformed percent-encoding in a
// path segment ('%', '%E0%A4%A', an encoded lone surrogate) makes Next's own router throw before any
// page or handler runs (a bare 500), and a NUL character is refused by PostgreSQL in every text
// column and parameter (another 500). proxy.ts checks each request's path and query here, and the
// API wrapper checks what it parses, so a route added later is covered without doing anything.

const NUL = '\u0000';

const hasNul = (text: string) => text.includes(NUL);

/** decodeURIComponent that answers null instead of throwing on a malformed escape. */
export function safeDecodeURIComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * One path segment decoded, or null when it cannot be read: a malformed escape, or a NUL once
 * decoded. Next decodes dynamic segments with decodeURIComponent, so this is the same reading.
 */
export function decodePathSegment(segment: string): string | null {
  const decoded = safeDecodeURIComponent(segment);
  return decoded === null || hasNul(decoded) ? null : decoded;
}

type InputProblem = { where: 'path' | 'query'; name: string };

/**
 * The first part of a request address that no route can read (a path segment that does not decode,
 * anything holding NUL), or null when the whole address is readable. `search` is the raw query
 * string with or without its '?'.
 */
export function findUnreadableInput(pathname: string, search = ''): InputProblem | null {
  for (const segment of pathname.split('/')) {
    if (segment && decodePathSegment(segment) === null) return { where: 'path', name: segment };
  }
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query) {
    // URLSearchParams never throws: a malformed escape stays as typed, a %00 becomes NUL.
    for (const [key, value] of new URLSearchParams(query)) {
      if (hasNul(key) || hasNul(value)) return { where: 'query', name: key.replaceAll(NUL, '') || 'query' };
    }
  }
  return null;
}

/**
 * The path of the first string holding NUL inside a parsed JSON value ('' for the value itself),
 * or null. Keys count too: they end up in messages and logs.
 */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasNul(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const key = k.replaceAll(NUL, '');
      if (hasNul(k)) return path ? `${path}.${key}` : key;
      const found = findNul(v, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/** The Romanian message of a request whose address or data holds unreadable characters. */
export const UNREADABLE_INPUT_MESSAGE = 'Cererea conține caractere care nu pot fi citite.';

/**
 * A redirect keeps the query only up to this length (the front server's trailing-slash redirect
 * uses the same figure, proxy.ts): a 10 KB query echoed into Location is larger than
 * common clients and proxies accept.
 */
const MAX_REDIRECT_QUERY = 2048;

/** The query a redirect may carry: the search itself when short enough, otherwise none. */
export const boundedRedirectSearch = (search: string): string => (search.length - 1 <= MAX_REDIRECT_QUERY ? search : '');
