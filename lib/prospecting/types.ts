// The answers of the prospecting endpoints, as their contract describes them (lib/api/contract/
// groups.ts, mail.ts, prospecting.ts). Apart from schemas.ts: the contract imports the schemas, so
// a schema module that derived its types from the contract would close a circle.
import type { AnswerOf } from '../api/client';

/** PUT /api/MailSend/setDraftSegment: the companies the saved search matches now (at most the cap of one addition). */
export type DraftSegmentCount = AnswerOf<'PUT /api/MailSend/setDraftSegment'>;
export type AddToGroupResult = AnswerOf<'POST /api/Group/addSearchToGroup'>;
export type CuiListPreview = AnswerOf<'POST /api/Group/matchCuiList'>;
export type SavedSearchItem = AnswerOf<'GET /api/SavedSearch/list'>[number];
