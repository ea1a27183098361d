// CRM sync (issue 50, docs/decisions/097): the requests of the Crm endpoints and their answers.
import { z } from 'zod';
import { dbIdNumber, MESSAGES } from '../shared/schemas';
import { MAX_CUI } from '../cui';

export const CRM_PROVIDERS = ['hubspot', 'pipedrive'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];
/** The CRMs' names as the pages show them. */
export const CRM_NAMES: Record<CrmProvider, string> = { hubspot: 'HubSpot', pipedrive: 'Pipedrive' };

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

const groupIdList = z.array(dbIdNumber(), { error: 'Alegeți grupurile.' }).max(50, { error: 'Cel mult 50 de grupuri.' });

/**
 * POST /api/Crm/setSyncGroups (decision 117): the groups the scheduled sync pushes into this CRM.
 * The form on the CRM page parses the same object; an empty list leaves only the reading.
 */
export const crmSyncGroupsSchema = z.object({ Provider: z.enum(CRM_PROVIDERS, { error: 'Alegeți HubSpot sau Pipedrive.' }), GroupIds: groupIdList });
export type CrmSyncGroupsInput = z.input<typeof crmSyncGroupsSchema>;
export type CrmSyncGroupsForm = z.infer<typeof crmSyncGroupsSchema>;

/**
 * POST /api/Crm/pushCompanies (decision 117): the companies the user ticked (the add-to-group
 * dialog of the search), by CUI; at most as many as one push of a group may hold.
 */
export const crmPushCompaniesSchema = z.object({
  Provider: z.enum(CRM_PROVIDERS, { error: 'Alegeți HubSpot sau Pipedrive.' }),
  Cuis: z.array(z.number().int().min(1).max(MAX_CUI), { error: 'Alegeți firmele.' }).min(1, { error: 'Alegeți cel puțin o firmă.' }).max(1000, { error: 'Cel mult 1.000 de firme o dată.' }),
});

/** POST /api/Crm/pushGroups (decision 117): the companies of the chosen groups into the CRM at once. */
export const crmPushGroupsSchema = z.object({
  Provider: z.enum(CRM_PROVIDERS, { error: 'Alegeți HubSpot sau Pipedrive.' }),
  GroupIds: groupIdList.min(1, { error: 'Alegeți cel puțin un grup.' }),
});
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
/**
 * One push or pull. Scheduled: run by the scheduled sync (else by the user). Groups: the groups a
 * push sent, those the reader still sees (decision 117).
 */
export type CrmSyncItem = {
  Id: number;
  Provider: CrmProvider;
  Kind: 'push' | 'pull';
  Status: 'Running' | 'Done' | 'Failed';
  Scheduled: boolean;
  Groups: Array<{ Id: number; Name: string }>;
  Created: number;
  Updated: number;
  Pulled: number;
  Error: string | null;
  StartedAt: string;
  FinishedAt: string | null;
};
