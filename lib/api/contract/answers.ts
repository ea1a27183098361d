// Answer schemas shared by several endpoints.
import { z } from 'zod';

/** An answer this table does not describe in detail yet; any JSON (or none) is accepted. */
export const unknownAnswer = z.unknown();
