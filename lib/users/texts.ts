// The texts of the users administration screen: toasts and confirmations shown to the Admin, and
// the refusals the server answers with.
import { TEXT_CUTS, cutText } from '@/lib/text';

export const USER_TOASTS = {
  roleChanged: 'Rolul utilizatorului a fost modificat cu succes!',
  blocked: 'Utilizatorul a fost blocat cu succes!',
  unblocked: 'Utilizatorul a fost deblocat cu succes!',
  updated: 'Utilizatorul a fost modificat cu succes!',
  deleted: 'Utilizatorul a fost șters cu succes!',
  contactPublic: 'Contactul a fost setat pe public!',
  contactPrivate: 'Contactul a fost setat pe privat!',
} as const;

export const USER_CONFIRMS = {
  block: 'Sigur doriți să restricționați accesul acestui utilizator?',
  unblock: 'Sigur doriți să redați accesul acestui utilizator?',
  delete: 'Sigur doriți să ștergeți acest utilizator?',
  contactPrivate: 'Sigur doriți să restricționați accesul la acest contact?',
  contactPublic: 'Sigur doriți să faceți public acest contact?',
} as const;

export const USER_ERRORS = {
  notFound: 'Utilizatorul nu a fost găsit.',
  contactNotFound: 'Contactul nu a fost găsit.',
  roleNotFound: 'Rolul nu există.',
  selfBlock: 'Nu vă puteți restricționa propriul acces.',
  selfDemote: 'Nu vă puteți schimba propriul rol de administrator.',
  selfDelete: 'Nu vă puteți șterge propriul cont.',
  lastAdmin: 'Aplicația trebuie să rămână cu cel puțin un administrator activ.',
} as const;

export const USER_EMPTY_CONTACTS = 'Nu există contacte adăugate de către acest utilizator!';

/** "Contactele adăugate de" + the user's name cut at 50 characters with '...'. */
export function contactsModalTitle(userName: string): string {
  return `Contactele adăugate de ${cutText(userName, TEXT_CUTS.userName)}`;
}
