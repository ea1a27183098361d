// The pure parts of the public API keys (issue 29): the surface's path matching and scopes, and the
// create/limits/origins schemas the forms and the server share.
import { allowedOriginsSchema, apiKeyFormSchema, apiKeyOriginsFormSchema, createApiKeySchema, createRequestOf, updateApiKeyLimitsSchema, updateApiKeyOriginsSchema } from '@/lib/api-keys/schemas';
import { matchOffered, offeredMethods, scopeNeeded, v1Path } from '@/lib/api-keys/surface';

describe('the public surface', () => {
  it('matches a v1 path to its endpoint with the params of the template', () => {
    expect(matchOffered('GET', '/api/Company/getDetails/14399840')).toEqual({ endpoint: 'GET /api/Company/getDetails/[cui]', params: { cui: '14399840' } });
    expect(matchOffered('GET', '/api/Company/getCompanyByCaen/4711/10')).toEqual({
      endpoint: 'GET /api/Company/getCompanyByCaen/[caenCode]/[pageSize]',
      params: { caenCode: '4711', pageSize: '10' },
    });
    expect(matchOffered('GET', '/api/Company/getCompanies')?.endpoint).toBe('GET /api/Company/getCompanies');
  });

  it('matches nothing outside the list, another method, a prefix or a longer path', () => {
    expect(matchOffered('GET', '/api/Watch/getWatchedCompanies')).toBeNull();
    expect(matchOffered('POST', '/api/Company/getCompanies')).toBeNull();
    expect(matchOffered('GET', '/api/Company/getDetails')).toBeNull();
    expect(matchOffered('GET', '/api/Company/getDetails/1/2')).toBeNull();
    expect(matchOffered('GET', '/api/company/getcompanies')).toBeNull();
    expect(offeredMethods('/api/Location/getCounties')).toEqual(['GET']);
    expect(offeredMethods('/api/Nimic')).toEqual([]);
  });

  it('says which scope an endpoint needs; none for what is not offered', () => {
    expect(scopeNeeded('GET /api/Group/getGroups')).toBe('read');
    expect(scopeNeeded('POST /api/Company/getAcqusitions')).toBe('read');
    expect(scopeNeeded('POST /api/Group/add')).toBe('write');
    expect(scopeNeeded('GET /api/ApiKey/getMyKeys')).toBeNull();
    expect(scopeNeeded('constructor')).toBeNull();
    expect(v1Path('/api/Company/getDetails/[cui]')).toBe('/api/v1/Company/getDetails/[cui]');
  });
});

describe('the schemas', () => {
  it('create: read is always granted, origins are lower-cased, an origin with a path is refused', () => {
    expect(createApiKeySchema.parse({ Name: ' CRM ' })).toEqual({ Name: 'CRM', Scopes: ['read'], AllowedOrigins: [] });
    expect(createApiKeySchema.parse({ Name: 'a', Scopes: ['write'], AllowedOrigins: ['HTTPS://A.ro:8443'] })).toEqual({ Name: 'a', Scopes: ['read', 'write'], AllowedOrigins: ['https://a.ro:8443'] });
    expect(createApiKeySchema.safeParse({ Name: 'a', AllowedOrigins: ['https://a.ro/'] }).success).toBe(false);
    expect(createApiKeySchema.safeParse({ Name: 'a', AllowedOrigins: ['javascript:alert(1)'] }).success).toBe(false);
    expect(createApiKeySchema.safeParse({ Name: 'x'.repeat(101) }).success).toBe(false);
  });

  it('the form: origins one a line become the request; a bad one is named in Romanian', () => {
    const form = apiKeyFormSchema.parse({ Name: 'Panou', Write: true, Origins: 'https://a.ro\n\nhttp://localhost:5173 ' });
    expect(createRequestOf(form)).toEqual({ Name: 'Panou', Scopes: ['read', 'write'], AllowedOrigins: ['https://a.ro', 'http://localhost:5173'] });
    const bad = apiKeyFormSchema.safeParse({ Name: 'Panou', Write: false, Origins: 'a.ro' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toContain('Originea trebuie să fie de forma https://app.exemplu.ro');
  });

  it('origins (decision 072): exact, https (http for localhost only), no wildcard, at most 10, duplicates dropped', () => {
    const first = (list: string[]) => allowedOriginsSchema.safeParse(list).error?.issues[0]?.message;
    expect(allowedOriginsSchema.parse(['https://App.Exemplu.ro', 'https://app.exemplu.ro', 'http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:5173'])).toEqual([
      'https://app.exemplu.ro',
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:5173',
    ]);
    expect(first(['http://app.exemplu.ro'])).toBe('Adresele http sunt permise doar pentru localhost; folosiți https.');
    expect(first(['https://*.exemplu.ro'])).toBe('Nu sunt permise caractere joker (*): scrieți fiecare origine exact.');
    expect(first(['*'])).toBe('Nu sunt permise caractere joker (*): scrieți fiecare origine exact.');
    for (const bad of ['https://a.ro/cale', 'https://a.ro?x=1', 'https://user@a.ro', 'https://a..ro', 'https://a.ro:70000', 'ftp://a.ro', 'a.ro', 'null'])
      expect([bad, first([bad])]).toEqual([bad, 'Originea trebuie să fie de forma https://app.exemplu.ro (schemă și domeniu, fără cale).']);
    expect(first(Array.from({ length: 11 }, (_, i) => `https://a${i}.ro`))).toBe('Cel mult 10 origini.');
    expect(updateApiKeyOriginsSchema.parse({ Id: '4', AllowedOrigins: [] })).toEqual({ Id: 4, AllowedOrigins: [] });
    const form = apiKeyOriginsFormSchema.safeParse({ Origins: 'https://ok.ro\nhttp://rau.ro' });
    expect(form.error?.issues[0]).toMatchObject({ path: ['Origins'], message: 'Adresele http sunt permise doar pentru localhost; folosiți https. Greșit: http://rau.ro' });
    expect(apiKeyOriginsFormSchema.safeParse({ Origins: Array.from({ length: 11 }, (_, i) => `https://a${i}.ro`).join('\n') }).error?.issues[0].message).toBe('Cel mult 10 origini.');
  });

  it('limits: whole numbers from 1, the day not below the minute', () => {
    expect(updateApiKeyLimitsSchema.parse({ Id: '3', PerMinute: '10', PerDay: '100' })).toEqual({ Id: 3, PerMinute: 10, PerDay: 100 });
    expect(updateApiKeyLimitsSchema.safeParse({ Id: 3, PerMinute: 0, PerDay: 100 }).success).toBe(false);
    expect(updateApiKeyLimitsSchema.safeParse({ Id: 3, PerMinute: 1.5, PerDay: 100 }).success).toBe(false);
    const low = updateApiKeyLimitsSchema.safeParse({ Id: 3, PerMinute: 10, PerDay: 5 });
    expect(low.error?.issues[0]).toMatchObject({ path: ['PerDay'], message: 'Limita pe zi nu poate fi mai mică decât cea pe minut.' });
  });
});
