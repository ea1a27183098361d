// The little of autocannon's API the mail throughput benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Result = { requests: { total: number }; latency: { p99: number }; errors: number; non2xx: number };
  type Instance = { stop: () => void; on: (event: 'done', cb: (r: Result) => void) => void };
  export default function autocannon(opts: { url: string; connections?: number; duration?: number }): Instance;
}
