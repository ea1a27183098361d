// The answers of the privacy endpoints, as their contract describes them (lib/api/contract/
// admin.ts). Apart from audit.ts and takedown.ts: the contract imports those schemas, so a schema
// module that derived its types from the contract would close a circle.
import type { AnswerOf } from '../api/client';
import type { Paged } from '../shared/paged';

/** A row of the audit trail. */
export type AuditEntryDto = AnswerOf<'GET /api/Audit/getEntries'>['Items'][number];
export type AuditPage = Paged<AuditEntryDto>;

/** A takedown request as the Admin queue shows it. */
export type TakedownDto = AnswerOf<'GET /api/Privacy/getTakedownRequests'>['Items'][number];
export type TakedownPage = Paged<TakedownDto>;
