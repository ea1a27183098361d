import type { Metadata } from 'next';
import { SectionPage } from '@/components/ui/page-header';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { OwnData } from '@/components/privacy/own-data';

export const metadata: Metadata = { title: 'Schimbă parola', robots: { index: false, follow: false } };

// Signed-in only (server/auth/guard.ts); reached from the user menu, or sent here by the app when
// the account must change its password first.
export default function ChangePasswordPage() {
  return (
    <SectionPage className="max-w-lg" title="Schimbă parola" path="/Schimbare-parola" description="După schimbare, celelalte sesiuni ale contului (alte browsere sau dispozitive) se închid; aceasta rămâne deschisă.">
      <ChangePasswordForm />
      <OwnData />
    </SectionPage>
  );
}
