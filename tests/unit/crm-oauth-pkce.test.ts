// PKCE of the CRM OAuth flow (decision 109, RFC 7636): a 43-character verifier and its S256
// challenge, different every time (the stand-ins check the same relation at their token endpoint).
import { createHash } from 'node:crypto';
import { createPkcePair } from '@/server/crm/oauth';

test('a verifier of 43 URL-safe characters and its S256 challenge, fresh each time', () => {
  const a = createPkcePair();
  const b = createPkcePair();
  expect(a.verifier).toMatch(/^[\w-]{43}$/);
  expect(a.challenge).toBe(createHash('sha256').update(a.verifier).digest('base64url'));
  expect(a.challenge).not.toBe(a.verifier);
  expect(a.verifier).not.toBe(b.verifier);
});
