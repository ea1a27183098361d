import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SectionPage } from '@/components/ui/page-header';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';

export const metadata: Metadata = { robots: { index: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';

// The page needs email and token in the query, otherwise it sends the visitor Home
// (on the server, before anything renders).
export default async function ResetPasswordPage({ searchParams }: Props) {
  const params = await searchParams;
  const email = first(params.email);
  const token = first(params.token) || first(params.code);
  if (!email || !token) redirect('/');
  return (
    <SectionPage className="max-w-lg" title="Alege o parolă nouă" crumb="Resetare parolă" path="/Resetare-parola" description="Linkul din e-mail este valabil 30 de minute și poate fi folosit o singură dată.">
      <ResetPasswordForm email={email} token={token} />
    </SectionPage>
  );
}
