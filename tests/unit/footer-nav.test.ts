// The footer's links (decision 040): spec 000 lists Contacte for any signed-in user, but its route
// table opens /Contacte to Admins only (a User is sent Home): the link is shown where it works.
import { getFooterNav } from '@/components/layout/nav-config';

const labels = (user: Parameters<typeof getFooterNav>[0]) => getFooterNav(user).map((l) => l.label);

test('a visitor: Acasă and Căutare avansată', () => {
  expect(labels(null)).toEqual(['Acasă', 'Căutare avansată']);
});

test('a signed-in User: Grupuri too, not Contacte (the route is Admin only)', () => {
  expect(labels({ UserName: 'ana', UserRoles: ['User'] })).toEqual(['Acasă', 'Căutare avansată', 'Grupuri']);
});

test('an Admin: Grupuri and Contacte', () => {
  expect(labels({ UserName: 'admin', UserRoles: ['Admin'] })).toEqual(['Acasă', 'Căutare avansată', 'Grupuri', 'Contacte']);
  expect(getFooterNav({ UserName: 'admin', UserRoles: ['Admin'] }).at(-1)!.href).toBe('/Contacte');
});
