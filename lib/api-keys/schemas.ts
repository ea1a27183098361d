// Public API keys (issue 29; docs/decisions/066, 067): the requests of the ApiKey endpoints, the
// settings form's schema (the same object the server parses), the answers, and the key's format.
import { z } from 'zod';
import { dbId, requiredString } from '../shared/schemas';
import type { Paged } from '../shared/paged';

/** A key is sent as `X-API-Key: rfk_<secret>` (or `Authorization: Bearer rfk_<secret>`). */
export const API_KEY_HEADER = 'X-API-Key';
export const API_KEY_PREFIX = 'rfk_';
/** Characters of the key shown in lists: "rfk_" and the first 8 of the secret. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

/** "read": the GET endpoints of the offered surface (always); "write": also its changes (opt-in). */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = { read: 'Citire', write: 'Scriere' };

export const API_KEY_NAME_MAX = 100;
/** Active keys one user may hold at once. */
export const API_KEYS_PER_USER_MAX = 20;
export const API_KEY_ORIGINS_MAX = 10;
export const API_KEYS_PAGE_SIZE = 20;
/** Limits an Admin may set (requests per minute, per UTC day). */
export const API_KEY_LIMITS = { perMinuteMax: 100_000, perDayMax: 100_000_000 } as const;

const ORIGIN_MESSAGE = 'Originea trebuie să fie de forma https://exemplu.ro (fără cale).';

/** A browser origin: scheme, host and optional port, nothing after. Stored lower-case. */
export const originSchema = z
  .string()
  .trim()
  .max(200, { error: ORIGIN_MESSAGE })
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, { error: ORIGIN_MESSAGE })
  .transform((s) => s.toLowerCase());

/** POST /api/ApiKey/create; the settings form parses the same object. "read" is always granted. */
export const createApiKeySchema = z.object({
  Name: requiredString({ max: API_KEY_NAME_MAX }),
  Scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Drept necunoscut.' }))
    .max(API_KEY_SCOPES.length)
    .default(['read'])
    .transform((s) => API_KEY_SCOPES.filter((x) => x === 'read' || s.includes(x))),
  AllowedOrigins: z.array(originSchema).max(API_KEY_ORIGINS_MAX, { error: `Cel mult ${API_KEY_ORIGINS_MAX} origini.` }).default([]),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** The settings form: the name, the write checkbox and the origins, one a line. */
export const apiKeyFormSchema = z.object({
  Name: requiredString({ max: API_KEY_NAME_MAX }),
  Write: z.boolean(),
  Origins: z
    .string()
    .max(3000)
    .superRefine((text, ctx) => {
      const lines = splitOrigins(text);
      if (lines.length > API_KEY_ORIGINS_MAX) ctx.addIssue({ code: 'custom', message: `Cel mult ${API_KEY_ORIGINS_MAX} origini.` });
      const bad = lines.find((l) => !originSchema.safeParse(l).success);
      if (bad) ctx.addIssue({ code: 'custom', message: `${ORIGIN_MESSAGE} Greșit: ${bad.slice(0, 60)}` });
    }),
});
export type ApiKeyForm = z.infer<typeof apiKeyFormSchema>;

export const splitOrigins = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The create request of a filled form. */
export const createRequestOf = (form: ApiKeyForm): CreateApiKeyInput => ({
  Name: form.Name,
  Scopes: form.Write ? ['read', 'write'] : ['read'],
  AllowedOrigins: splitOrigins(form.Origins),
});

export const apiKeyIdSchema = z.object({ id: dbId() });

/** GET /api/ApiKey/getMyKeys and GET /api/ApiKey/getAll (Admin: filtered by owner or name). */
export const apiKeyListQuerySchema = z.object({
  PageNumber: z.coerce.number().int().min(1).max(100_000).catch(1),
  SearchText: z.string().trim().max(100).optional(),
});
export type ApiKeyListQuery = z.output<typeof apiKeyListQuerySchema>;

/** GET /api/ApiKey/getUsage?id&Days: the key's requests per UTC day, newest first. */
export const apiKeyUsageQuerySchema = z.object({ id: dbId(), Days: z.coerce.number().int().min(1).max(90).catch(30) });

const limit = (max: number) =>
  z.coerce
    .number({ error: 'Introduceți un număr întreg.' })
    .int({ error: 'Introduceți un număr întreg.' })
    .min(1, { error: 'Limita trebuie să fie cel puțin 1.' })
    .max(max, { error: `Limita este cel mult ${max}.` });

/** PUT /api/ApiKey/updateLimits (Admin); the Admin's dialog parses the same object. */
export const updateApiKeyLimitsSchema = z
  .object({ Id: dbId(), PerMinute: limit(API_KEY_LIMITS.perMinuteMax), PerDay: limit(API_KEY_LIMITS.perDayMax) })
  .refine((v) => v.PerDay >= v.PerMinute, { error: 'Limita pe zi nu poate fi mai mică decât cea pe minut.', path: ['PerDay'] });
export type UpdateApiKeyLimits = z.output<typeof updateApiKeyLimitsSchema>;

export type ApiKeyItem = {
  Id: number;
  Name: string;
  Prefix: string;
  Scopes: ApiKeyScope[];
  AllowedOrigins: string[];
  PerMinute: number;
  PerDay: number;
  CreatedAt: string;
  LastUsedAt: string | null;
  RevokedAt: string | null;
  RequestsToday: number;
};
export type AdminApiKeyItem = ApiKeyItem & { UserId: number; UserName: string; Email: string };
/** The answer of create: the only time the secret is shown. */
export type CreatedApiKey = { Key: ApiKeyItem; Secret: string };
export type ApiKeyUsageDay = { Day: string; Requests: number; Rejected: number };
export type ApiKeyPage = Paged<ApiKeyItem>;
export type AdminApiKeyPage = Paged<AdminApiKeyItem>;
