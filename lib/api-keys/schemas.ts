// Public API keys (issue 29; docs/decisions/066, 067): the requests of the ApiKey endpoints, the
// settings form's schema (the same object the server parses), the answers, and the key's format.
import { z } from 'zod';
import { dbId, requiredString } from '../shared/schemas';
import type { Paged } from '../shared/paged';

export const API_KEY_PREFIX = 'rfk_';
/** Characters of the key shown in lists: "rfk_" and the first 8 of the secret. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

/** "read": the GET endpoints of the offered surface (always); "write": also its changes (opt-in). */
const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = { read: 'Citire', write: 'Scriere' };

const API_KEY_NAME_MAX = 100;
/** Active keys one user may hold at once. */
export const API_KEYS_PER_USER_MAX = 20;
const API_KEY_ORIGINS_MAX = 10;
export const API_KEYS_PAGE_SIZE = 20;
/** Limits an Admin may set (requests per minute, per UTC day). */
const API_KEY_LIMITS = { perMinuteMax: 100_000, perDayMax: 100_000_000 } as const;

const ORIGIN_MESSAGE = 'Originea trebuie să fie de forma https://app.exemplu.ro (schemă și domeniu, fără cale).';
const ORIGIN_TEXT = {
  wildcard: 'Nu sunt permise caractere joker (*): scrieți fiecare origine exact.',
  httpOnlyLocal: 'Adresele http sunt permise doar pentru localhost; folosiți https.',
  tooMany: `Cel mult ${API_KEY_ORIGINS_MAX} origini.`,
} as const;
/** Hosts a developer's own machine answers on: the only ones allowed over plain http. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A browser origin, exactly as the browser sends it in `Origin`: https (http only for localhost),
 * host and optional port, nothing after (not even a "/"). No wildcard: a key's
 * origins are a list of exact values (docs/decisions/067, 072). Stored lower-case.
 */
const originSchema = z
  .string()
  .trim()
  .max(200, { error: ORIGIN_MESSAGE })
  .transform((s) => s.toLowerCase())
  .superRefine((s, ctx) => {
    if (s.includes('*')) return void ctx.addIssue({ code: 'custom', message: ORIGIN_TEXT.wildcard });
    const m = /^(https?):\/\/([a-z0-9.-]+|\[::1\])(:\d{1,5})?$/.exec(s);
    if (!m || m[2].startsWith('.') || m[2].endsWith('.') || m[2].includes('..')) return void ctx.addIssue({ code: 'custom', message: ORIGIN_MESSAGE });
    if (m[3] && Number(m[3].slice(1)) > 65535) return void ctx.addIssue({ code: 'custom', message: ORIGIN_MESSAGE });
    if (m[1] === 'http' && !LOCAL_HOSTS.has(m[2])) ctx.addIssue({ code: 'custom', message: ORIGIN_TEXT.httpOnlyLocal });
  });

/** A key's allowed origins (at most 10, duplicates dropped): the create request, the update and the forms. */
export const allowedOriginsSchema = z
  .array(originSchema)
  .max(API_KEY_ORIGINS_MAX, { error: ORIGIN_TEXT.tooMany })
  .transform((list) => [...new Set(list)]);

/** The origins as the forms take them: one a line (commas and spaces also separate). */
export const splitOrigins = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The forms' text field, checked by allowedOriginsSchema itself (the server's rule, the first message shown). */
const originsTextSchema = z
  .string()
  .max(3000, { error: ORIGIN_TEXT.tooMany })
  .superRefine((text, ctx) => {
    const parsed = allowedOriginsSchema.safeParse(splitOrigins(text));
    if (parsed.success) return;
    const issue = parsed.error.issues[0];
    const line = typeof issue.path[0] === 'number' ? splitOrigins(text)[issue.path[0]] : undefined;
    ctx.addIssue({ code: 'custom', message: line === undefined ? issue.message : `${issue.message} Greșit: ${line.slice(0, 60)}` });
  });

/** POST /api/ApiKey/create; the settings form parses the same object. "read" is always granted. */
export const createApiKeySchema = z.object({
  Name: requiredString({ max: API_KEY_NAME_MAX }),
  Scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Drept necunoscut.' }))
    .max(API_KEY_SCOPES.length)
    .default(['read'])
    .transform((s) => API_KEY_SCOPES.filter((x) => x === 'read' || s.includes(x))),
  AllowedOrigins: allowedOriginsSchema.default([]),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** The settings form: the name, the write checkbox and the origins, one a line. */
export const apiKeyFormSchema = z.object({
  Name: requiredString({ max: API_KEY_NAME_MAX }),
  Write: z.boolean(),
  Origins: originsTextSchema,
});
export type ApiKeyForm = z.infer<typeof apiKeyFormSchema>;

/** The create request of a filled form. */
export const createRequestOf = (form: ApiKeyForm): CreateApiKeyInput => ({
  Name: form.Name,
  Scopes: form.Write ? ['read', 'write'] : ['read'],
  AllowedOrigins: splitOrigins(form.Origins),
});

/** PUT /api/ApiKey/updateOrigins: a key's origins replaced (its owner, or an Admin). */
export const updateApiKeyOriginsSchema = z.object({ Id: dbId(), AllowedOrigins: allowedOriginsSchema });
export type UpdateApiKeyOrigins = z.output<typeof updateApiKeyOriginsSchema>;

/** The origins dialog (owner's list and Admin's list): the same text field as the create form. */
export const apiKeyOriginsFormSchema = z.object({ Origins: originsTextSchema });
export type ApiKeyOriginsForm = z.infer<typeof apiKeyOriginsFormSchema>;
export const originsTextOf = (origins: readonly string[]) => origins.join('\n');

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
