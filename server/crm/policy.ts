// A CRM connection is its owner's alone (issue 50, docs/decisions/097): another user and an Admin
// get 404. The tokens never leave the server.
import 'server-only';
import type { Actor } from '../auth/actor';
import { notFound } from '../kernel/errors';
import type { Prisma } from '../generated/prisma/client';

export const ownConnectionWhere = (actor: Actor) => ({ userId: actor.userId }) satisfies Prisma.CrmConnectionWhereInput;
export const connectionNotFound = () => notFound('Nu există o conexiune cu acest CRM.');

/**
 * SQL: the CUIs the CRMs of the user at `user` (a placeholder) already hold, for a list that
 * marks or leaves them out ("deja în CRM").
 */
export const inCrmCuisSql = (user: string) => `(SELECT cc.cui FROM crm_company cc JOIN crm_connection c ON c.id = cc.connection_id WHERE c.user_id = ${user})`;
