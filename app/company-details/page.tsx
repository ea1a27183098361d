import { redirect } from 'next/navigation';

/** Without companyCui the route goes Home (001 §2.1). */
export default function CompanyDetailsIndex() {
  redirect('/');
}
