import type { MetadataRoute } from 'next';
import { env } from '@/server/kernel/env';

export const dynamic = 'force-dynamic';

/** Public pages are open to crawlers; the API and the signed-in areas are not. */
export default function robots(): MetadataRoute.Robots {
  const base = env.APP_URL.replace(/\/$/, '');
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: [
          '/api/',
          '/Companii',
          '/Grupuri-email',
          '/Template-uri',
          '/Drafturi-email',
          '/Emailuri-trimise',
          '/Emailuri-trimise-companiilor',
          '/Contacte',
          '/Utilizatori',
          '/PretindereCompanie',
          '/Cereri-date-personale',
          '/Jurnal-audit',
          '/Liste-datorii-ANAF',
          '/Invitatie/',
          '/Resetare-parola',
          '/Verificare-email',
          '/Parola-uitata',
          '/microsoft-login',
        ],
      },
    ],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
