// A refused form (400, 409): the server's messages for each field go under that field.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '@/lib/api/client';

/** Places the messages the server gave per field; false when it gave none (show e.message instead). */
export function placeFieldErrors<T extends FieldValues>(e: ApiError, fields: ReadonlyArray<Path<T>>, setError: UseFormSetError<T>): boolean {
  let placed = false;
  for (const field of fields) {
    const messages = e.fieldErrors(field);
    if (messages.length) {
      setError(field, { type: 'server', message: messages.join(' ') });
      placed = true;
    }
  }
  return placed;
}
