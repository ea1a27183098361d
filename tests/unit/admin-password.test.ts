// The first admin's password (npm run admin:create, decision 061): the product's rule plus 12
// characters, none of the published ones, no common word dressed up, not the account's own names.
import { adminPasswordProblem } from '@/server/auth/admin-password';

const account = { email: 'sef.ops@firma.ro', userName: 'Administrator' };

test.each([
  ['Admin#2026!', /publicată/],
  ['Demo#2026!', /publicată/],
  ['Password1!', /cel puțin 12/],
  ['parolafaraMAJUSCULE', /literă mare/],
  ['P@ssw0rd2026!', /cuvânt des folosit/],
  ['Radarfirme#2026', /cuvânt des folosit/],
  ['MyPassword2026!', /cuvânt des folosit/],
  ['Qwerty#Qwerty1', /cuvânt des folosit/],
  ['Aa1!Aa1!Aa1!Aa1!', /prea puține caractere/],
  ['Sef.ops#2026-Xyz', /e-mail/],
  ['#Administrator9x', /cuvânt des folosit|utilizator/],
  ['Ana#Sef.ops@firma.ro7', /e-mail/],
])('%s is refused', (password, reason) => {
  expect(adminPasswordProblem(password, account)).toMatch(reason);
});

test.each(['Cireș-Înflorit-73#Lac', 'Alta-Parola-Buna-42#x', 'T7#kq2!Zw9@mLp4'])('%s is accepted', (password) => {
  expect(adminPasswordProblem(password, account)).toBeNull();
});
