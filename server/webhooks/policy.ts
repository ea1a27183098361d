// Webhook endpoints are their owner's alone (issue 50, docs/decisions/096): for another user and
// for an Admin they do not exist (404, the same body as a missing id). An API key acts as its
// owner. The one module of the rule: the Prisma `where`s and the refusal.
import 'server-only';
import type { Actor } from '../auth/actor';
import { notFound } from '../kernel/errors';
import type { Prisma } from '../generated/prisma/client';

export const ownEndpointWhere = (actor: Actor) => ({ userId: actor.userId }) satisfies Prisma.WebhookEndpointWhereInput;

/** A delivery is seen through its endpoint's owner. */
export const ownDeliveryWhere = (actor: Actor) => ({ endpoint: ownEndpointWhere(actor) }) satisfies Prisma.WebhookDeliveryWhereInput;

export const endpointNotFound = () => notFound('Webhook-ul nu a fost găsit.');
export const deliveryNotFound = () => notFound('Livrarea nu a fost găsită.');
