// The little of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Result = {
    requests: { total: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (req: Request) => Request };
  type Instance = { stop: () => void; on: (event: 'done', cb: (r: Result) => void) => void };
  export default function autocannon(opts: {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  }): Instance;
}
