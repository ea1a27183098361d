// CRM sync (issue 50, docs/decisions/097): the requests of the Crm endpoints and their answers.
import { z } from 'zod';
import { dbIdNumber, MESSAGES } from '../shared/schemas';

export const CRM_PROVIDERS = ['hubspot', 'pipedrive'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];

/** POST /api/Crm/connect: a private-app token (HubSpot) or an API token (Pipedrive). */
export const crmConnectSchema = z.object({
  Provider: z.enum(CRM_PROVIDERS, { error: 'Alegeți HubSpot sau Pipedrive.' }),
  Token: z.string({ error: MESSAGES.required }).trim().min(8, { error: 'Tokenul pare incomplet.' }).max(500, { error: MESSAGES.maxLength(500) }),
  GroupIds: z.array(dbIdNumber()).max(50, { error: 'Cel mult 50 de grupuri.' }).default([]),
});

export type CrmConnectInput = z.input<typeof crmConnectSchema>;
/** The connect form of the CRM page: the same schema (provider and token); groups are chosen later. */
export type CrmConnectForm = z.infer<typeof crmConnectSchema>;

export const crmProviderSchema = z.object({ Provider: z.enum(CRM_PROVIDERS, { error: 'Alegeți HubSpot sau Pipedrive.' }) });
export const crmPushGroupSchema = z.object({ Provider: z.enum(CRM_PROVIDERS, { error: 'Alegeți HubSpot sau Pipedrive.' }), GroupId: dbIdNumber() });
/** GET /api/Crm/getInCrm?Cuis=1,2,3: which of these companies the user's CRMs already hold. */
export const crmInCrmQuerySchema = z.object({
  Cuis: z
    .string()
    .max(2000)
    .transform((s) => [...new Set(s.split(',').map((x) => Number(x.trim())).filter((n) => Number.isSafeInteger(n) && n > 0))].slice(0, 200)),
});

/** GET /api/Crm/oauthCallback: what the CRM sends back (a code and the state, or an error). */
export const crmOAuthCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(100).optional(),
  error: z.string().max(500).optional(),
});

export type CrmConnectionItem = { Provider: CrmProvider; AuthKind: 'token' | 'oauth'; GroupIds: number[]; CreatedAt: string; LastSyncAt: string | null; Companies: number };
export type CrmSyncItem = { Id: number; Provider: CrmProvider; Kind: 'push' | 'pull'; Status: 'Running' | 'Done' | 'Failed'; Created: number; Updated: number; Pulled: number; Error: string | null; StartedAt: string; FinishedAt: string | null };
