// Helpers of the company endpoint tests: call a route handler with a real Request, read JSON.
type Handler = (req: Request, ctx?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export async function get<T = unknown>(handler: Handler, path: string, query: Record<string, unknown> = {}, params?: Record<string, string>) {
  const url = new URL(`http://localhost${path}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  const res = await handler(new Request(url), params ? { params: Promise.resolve(params) } : undefined);
  return { status: res.status, body: (await res.json()) as T };
}

export async function post<T = unknown>(handler: Handler, path: string, body: unknown) {
  const res = await handler(new Request(`http://localhost${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }));
  return { status: res.status, body: (await res.json()) as T };
}

export type ErrorBody = { Message: string; Code: string; Errors?: Record<string, string[]> };
