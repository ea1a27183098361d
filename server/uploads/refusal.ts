// Why an uploaded file was refused, in the words the user reads (Romanian), and the HTTP status:
// 400 for a file that is not what it claims, 413 for one past a size or work limit, 429 when too
// many uploads are being read at once. Every refusal is an AppError, so the route wrapper answers
// it as JSON like any other.
import 'server-only';
import { AppError } from '../kernel/errors';

export type RefusalKind = 'unreadable' | 'notText' | 'tooBig' | 'tooComplex' | 'busy';

export const UPLOAD_TEXT: Record<RefusalKind, string> = {
  unreadable: 'Fișierul nu a putut fi citit. Folosiți CSV, XLSX sau text simplu.',
  notText: 'Fișierul nu pare să fie text (CSV sau TXT). Salvați lista ca CSV, XLSX sau text simplu.',
  tooBig: 'Fișierul despachetat este prea mare. Împărțiți lista în fișiere mai mici.',
  tooComplex: 'Fișierul este prea complex pentru a fi citit. Salvați doar lista de CUI-uri, ca CSV sau XLSX simplu.',
  busy: 'Se citesc prea multe fișiere în acest moment. Reîncercați peste câteva secunde.',
};

const CODE: Record<RefusalKind, 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED'> = {
  unreadable: 'BAD_REQUEST',
  notText: 'BAD_REQUEST',
  tooBig: 'PAYLOAD_TOO_LARGE',
  tooComplex: 'PAYLOAD_TOO_LARGE',
  busy: 'RATE_LIMITED',
};

export class UploadRefusal extends AppError {
  constructor(readonly kind: RefusalKind) {
    super(CODE[kind], UPLOAD_TEXT[kind], undefined, kind === 'busy' ? { 'retry-after': '5' } : undefined);
  }
}
