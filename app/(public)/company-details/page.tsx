import { redirect } from 'next/navigation';

/** Without companyCui the route goes Home. */
export default function CompanyDetailsIndex() {
  redirect('/');
}
