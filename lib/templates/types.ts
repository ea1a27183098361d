// What the template endpoints answer (PascalCase, as the product's API), derived from their
// contract (lib/api/contract/mail.ts).
import type { AnswerOf } from '@/lib/api/client';

/** Categories: the tags, shown as the Categorii badges of the list. */
export type MailTemplateListItem = AnswerOf<'GET /api/MailTemplate/getPagedMailTemplate'>['Items'][number];

/** Content: the editor design as JSON text ('' when none was saved). */
export type MailTemplateDetails = AnswerOf<'GET /api/MailTemplate/get'>;

/** Add / Edit answer: the saved template without its (possibly large) design. */
export type MailTemplateSaved = AnswerOf<'POST /api/MailTemplate/Add'>;

export type { Paged } from '@/lib/shared/paged';
