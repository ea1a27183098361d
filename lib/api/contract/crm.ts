// The contract of the CRM sync (issue 50, docs/decisions/097): a user's connections to HubSpot
// and Pipedrive, pushing a group, pulling the CRM's companies, "deja în CRM", the sync log; and
// the scheduled sync.
import { z } from 'zod';
import { endpoints } from './types';
import { noContentAnswer } from './answers';
import { CRM_PROVIDERS, crmConnectSchema, crmInCrmQuerySchema, crmOAuthCallbackQuerySchema, crmProviderSchema, crmPushCompaniesSchema, crmPushGroupSchema, crmPushGroupsSchema, crmSyncGroupsSchema } from '@/lib/crm/schemas';

const provider = z.enum(CRM_PROVIDERS);
const connection = z.object({ Provider: provider, AuthKind: z.enum(['token', 'oauth']), GroupIds: z.array(z.number().int()), CreatedAt: z.string(), LastSyncAt: z.string().nullable(), Companies: z.number().int() });
const syncItem = z.object({
  Id: z.number().int(),
  Provider: provider,
  Kind: z.enum(['push', 'pull']),
  Status: z.enum(['Running', 'Done', 'Failed']),
  Scheduled: z.boolean(),
  Groups: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
  Created: z.number().int(),
  Updated: z.number().int(),
  Pulled: z.number().int(),
  Error: z.string().nullable(),
  StartedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
const cronAnswer = z.object({ Synced: z.number(), Failed: z.number() });

export const crmContract = endpoints({
  'GET /api/Crm/getConnections': { access: 'user', summary: 'Conexiunile cu CRM-uri ale utilizatorului', answer: z.array(connection) },
  'POST /api/Crm/connect': { access: 'user', summary: 'Conectează HubSpot sau Pipedrive cu un token privat', body: crmConnectSchema, answer: connection },
  'POST /api/Crm/disconnect': { access: 'user', summary: 'Șterge conexiunea cu un CRM', body: crmProviderSchema, answer: noContentAnswer },
  'POST /api/Crm/pushGroup': { access: 'user', summary: 'Trimite firmele unui grup în CRM, după CUI (fără duplicate)', body: crmPushGroupSchema, answer: z.object({ Created: z.number(), Updated: z.number() }) },
  // Decision 117: several groups at once (the send-to-groups dialog) and the groups of the scheduled sync.
  'POST /api/Crm/pushGroups': { access: 'user', summary: 'Trimite firmele grupurilor alese în CRM, după CUI (fără duplicate)', body: crmPushGroupsSchema, answer: z.object({ Created: z.number(), Updated: z.number() }) },
  'POST /api/Crm/pushCompanies': { access: 'user', summary: 'Trimite în CRM firmele alese, după CUI (fără duplicate)', body: crmPushCompaniesSchema, answer: z.object({ Created: z.number(), Updated: z.number() }) },
  'POST /api/Crm/setSyncGroups': { access: 'user', summary: 'Alege grupurile pe care sincronizarea programată le trimite în CRM', body: crmSyncGroupsSchema, answer: connection },
  'POST /api/Crm/pull': { access: 'user', summary: 'Citește firmele din CRM (marcate „deja în CRM”)', body: crmProviderSchema, answer: z.object({ Pulled: z.number() }) },
  'GET /api/Crm/getInCrm': { access: 'user', summary: 'Care dintre firmele date sunt deja în CRM-urile utilizatorului', query: crmInCrmQuerySchema, answer: z.object({ Cuis: z.array(z.number()) }) },
  // Decision 109: OAuth (authorisation code with state and PKCE), where the instance has the CRM's client id and secret.
  'GET /api/Crm/getOAuthProviders': { access: 'user', summary: 'CRM-urile care se pot conecta prin OAuth pe această instanță', answer: z.object({ Providers: z.array(provider) }) },
  'POST /api/Crm/startOAuth': { access: 'user', summary: 'Adresa paginii de autorizare a CRM-ului (state și PKCE)', body: crmProviderSchema, answer: z.object({ Url: z.string() }) },
  'GET /api/Crm/oauthCallback': {
    access: 'public',
    summary: 'Întoarcerea din CRM după autorizare: păstrează conexiunea și trimite browserul la pagina CRM',
    query: crmOAuthCallbackQuerySchema,
    answer: noContentAnswer,
    answerType: 'redirect',
  },
  'GET /api/Crm/getSyncLog': { access: 'user', summary: 'Jurnalul sincronizărilor cu CRM-urile', answer: z.array(syncItem) },
  'POST /api/cron/sync-crm': { access: 'cron', summary: 'Job programat: sincronizează conexiunile CRM', answer: cronAnswer },
  'GET /api/cron/sync-crm': { access: 'cron', summary: 'Job programat: sincronizează conexiunile CRM', answer: cronAnswer },
});
