// "Șterge contul": the form's schema, shared by the dialog and the server.
import { z } from 'zod';
import { MESSAGES } from '../shared/schemas';

export const deleteMyAccountSchema = z.object({
  Password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }).max(200, { error: MESSAGES.maxLength(200) }),
});
export type DeleteMyAccountInput = z.input<typeof deleteMyAccountSchema>;

export const OWN_DATA_TEXTS = {
  deleted: 'Contul a fost șters.',
  deleteFailed: 'Contul nu a putut fi șters. Încercați din nou peste câteva minute.',
  exportFailed: 'Datele nu au putut fi descărcate. Încercați din nou peste câteva minute.',
} as const;
