// The contract of the public API's keys (issue 29; docs/decisions/066, 067) and of the stable
// surface /api/v1/… that dispatches to the offered endpoints (lib/api-keys/surface.ts).
import { z } from 'zod';
import { endpoints } from './types';
import { noContentAnswer, paged, unknownAnswer } from './answers';
import { apiKeyIdSchema, apiKeyListQuerySchema, apiKeyUsageQuerySchema, createApiKeySchema, updateApiKeyLimitsSchema, updateApiKeyOriginsSchema } from '@/lib/api-keys/schemas';

const keyItem = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Prefix: z.string(),
  Scopes: z.array(z.enum(['read', 'write'])),
  AllowedOrigins: z.array(z.string()),
  PerMinute: z.number().int(),
  PerDay: z.number().int(),
  CreatedAt: z.string(),
  LastUsedAt: z.string().nullable(),
  RevokedAt: z.string().nullable(),
  RequestsToday: z.number().int(),
});
const adminKeyItem = keyItem.extend({ UserId: z.number().int(), UserName: z.string(), Email: z.string() });
const usageDay = z.object({ Day: z.string(), Requests: z.number().int(), Rejected: z.number().int() });

/** The v1 dispatcher: each method answers as the offered endpoint of the same /api path. */
const v1 = (method: string) => ({
  access: 'public' as const,
  summary: `API public stabil (${method}): același răspuns ca /api/<cale> pentru endpoint-urile oferite, cu o cheie API`,
  params: z.object({ path: z.array(z.string()) }),
  answer: unknownAnswer,
});

export const apiKeysContract = endpoints({
  // A user's own keys; revoke and usage: the owner or an Admin (server/api-keys/policy.ts, 404 else).
  'GET /api/ApiKey/getMyKeys': { access: 'user', summary: 'Cheile API ale utilizatorului', query: apiKeyListQuerySchema, answer: paged(keyItem) },
  'POST /api/ApiKey/create': {
    access: 'user',
    summary: 'Creează o cheie API (secretul apare o singură dată)',
    body: createApiKeySchema,
    answer: z.object({ Key: keyItem, Secret: z.string() }),
  },
  'DELETE /api/ApiKey/[id]': { access: 'user', summary: 'Revocă o cheie API', params: apiKeyIdSchema, answer: noContentAnswer },
  'GET /api/ApiKey/getUsage': { access: 'user', summary: 'Cererile unei chei pe zile', query: apiKeyUsageQuerySchema, answer: paged(usageDay) },
  'GET /api/ApiKey/getAll': { access: 'admin', summary: 'Toate cheile API (Admin)', query: apiKeyListQuerySchema, answer: paged(adminKeyItem) },
  'PUT /api/ApiKey/updateLimits': { access: 'admin', summary: 'Limitele unei chei API (Admin)', body: updateApiKeyLimitsSchema, answer: keyItem },
  // CORS origins of a key, replaced whole (decision 072): the owner or an Admin (404 for anyone else).
  'PUT /api/ApiKey/updateOrigins': {
    access: 'user',
    summary: 'Originile din browser permise unei chei API (CORS)',
    body: updateApiKeyOriginsSchema,
    answer: keyItem,
  },
  // Public here: an unknown path answers 404 and a known one without a key 401; the offered
  // endpoint's own contract and the key's scopes then apply.
  'GET /api/v1/[...path]': v1('GET'),
  'POST /api/v1/[...path]': v1('POST'),
  'PUT /api/v1/[...path]': v1('PUT'),
  'DELETE /api/v1/[...path]': v1('DELETE'),
});
