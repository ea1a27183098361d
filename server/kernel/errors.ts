// One error class with a code; one table maps codes to HTTP status. The JSON error body is
// { Message, Code, Errors? } (docs/decisions/003-api-conventions.md).
import 'server-only';
type ErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'BAD_REQUEST'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNAVAILABLE'
  /** Signed in, but the account must change its password first (an admin created from defaults). */
  | 'PASSWORD_CHANGE_REQUIRED';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  // An endpoint that exists but cannot serve here (a sign-in provider that is not configured).
  UNAVAILABLE: 503,
  PASSWORD_CHANGE_REQUIRED: 403,
};

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly errors?: Record<string, string[]>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status() {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (message = 'Resursa nu a fost găsită.') => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'Acces neautorizat!') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Trebuie să fiți autentificat.') => new AppError('UNAUTHORIZED', message);
export const conflict = (message: string, errors?: Record<string, string[]>) => new AppError('CONFLICT', message, errors);
export const badRequest = (message: string, errors?: Record<string, string[]>) => new AppError('BAD_REQUEST', message, errors);

export type ErrorBody = { Message: string; Code: string; Errors?: Record<string, string[]>; RequestId?: string };
