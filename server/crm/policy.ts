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

/**
 * SQL: company `cui` (a column) is not held by the CRMs of the user at `user` (a placeholder). The
 * campaign send and the exports use it when the user leaves out "deja în CRM" (decision 109).
 */
export const notInCrmSql = (cui: string, user: string) =>
  `NOT EXISTS (SELECT 1 FROM crm_company ncc JOIN crm_connection ncn ON ncn.id = ncc.connection_id WHERE ncn.user_id = ${user} AND ncc.cui = ${cui})`;
