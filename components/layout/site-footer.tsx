'use client';

import * as React from 'react';
import Link from 'next/link';
import { Logo } from '@/components/layout/logo';
import { FOOTER_RESOURCES, getFooterNav, type NavLink, type SessionUser } from '@/components/layout/nav-config';

const PRODUCT_LINE = 'RadarFirme — informații despre firmele din România';

function FooterLinks({ title, links }: { title: string; links: NavLink[] }) {
  const id = `footer-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div>
      <h2 id={id} className="text-sm font-semibold text-white">
        {title}
      </h2>
      <ul aria-labelledby={id} className="mt-3 flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="inline-flex min-h-6 items-center rounded-sm text-sm text-footer-foreground underline-offset-4 transition-colors hover:text-white hover:underline"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter({ user }: { user: SessionUser }) {
  const year = new Date().getFullYear();
  return (
    <footer data-surface="dark" className="mt-auto bg-footer text-footer-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_2fr] lg:px-8">
        <div className="flex flex-col gap-3">
          <Logo variant="inverted" />
          <p className="max-w-sm text-sm text-footer-muted">{PRODUCT_LINE}</p>
        </div>
        <nav aria-label="Navigare subsol" className="grid grid-cols-2 gap-8">
          <FooterLinks title="Navigare" links={getFooterNav(user)} />
          <FooterLinks title="Resurse" links={FOOTER_RESOURCES} />
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-footer-muted sm:px-6 lg:px-8">
          © {year} RadarFirme. Toate drepturile rezervate.
        </p>
      </div>
    </footer>
  );
}
