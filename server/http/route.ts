// The one route wrapper. A handler declares its key and the domain function it calls; the key's
// contract (lib/api/contract: access, zod schemas of its query, body and path params, answer) does
// the rest. Only this file reads the
// caller's identity, enforces the role, parses input (400 naming the field), maps domain errors to
// status codes and writes JSON. Unknown errors are logged with a request id and answered with a
// generic 500 body, never a stack trace.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import '@/lib/zod-ro';
import { resolveActor } from '../auth/session';
import type { Actor } from '../auth/actor';
import { AUTH_TEXT } from '../auth/config';
import { findNul, UNREADABLE_INPUT_MESSAGE } from '@/lib/shared/request-input';
import { env } from '../kernel/env';
import { CONTRACT, type Contract, type Endpoint } from '@/lib/api/contract';
import { ACCESS, type Access, type ApiKey } from './access';
import { isLoopbackPeer } from '../kernel/peer';
import { isSameSecret } from '../security/secrets';
import { canReadMetrics } from '../ops/metrics-access';
import { AppError, type ErrorBody } from '../kernel/errors';
import { readBoundedText, ResponseTooLargeError } from '../kernel/bounded-response';
import { noteDbError } from '../kernel/db-faults';
import { authorizeApiKeyCall } from '../api-keys/authenticate';
import { assertAnonymousAllowed } from '../api-keys/anonymous-limit';
import { scopeNeeded } from '@/lib/api-keys/surface';
import { offerToFront } from './front-routes';

type Schema = z.ZodType;
/** What the contract's schema of one part (query, body, params) gives the handler; undefined without one. */
type In<K extends ApiKey, F extends 'query' | 'body' | 'params'> = Contract[K] extends { [P in F]: infer S extends z.ZodType } ? z.output<S> : undefined;

/**
 * The caller a handler receives: an endpoint declared `user` or `admin` in ACCESS only runs after
 * enforce() found a signed-in actor, so its handler gets a non-null Actor (no `actor`); a public
 * or cron endpoint gets Actor | null.
 */
export type ActorFor<K extends ApiKey> = (typeof ACCESS)[K] extends 'user' | 'admin' ? Actor : Actor | null;

type HandlerContext<Q, B, P, A extends Actor | null = Actor | null> = {
  actor: A;
  query: Q;
  body: B;
  params: P;
  req: Request;
  requestId: string;
};

type Def<K extends ApiKey, R> = {
  /** Maximum accepted request body in bytes (default 1 MB). */
  maxBodyBytes?: number;
  handler: (ctx: HandlerContext<In<K, 'query'>, In<K, 'body'>, In<K, 'params'>, ActorFor<K>>) => Promise<R> | R;
};

type NextCtx = { params: Promise<Record<string, string | string[]>> };

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(data: unknown, status = 200, headers?: Record<string, string>): Response {
  if (data === undefined) return new Response(null, { status: status === 200 ? 204 : status, headers: { 'content-type': JSON_TYPE, ...headers } });
  const text = JSON.stringify(data);
  return withText(new Response(text, { status, headers: { 'content-type': JSON_TYPE, ...headers } }), { text });
}

/**
 * The JSON text of an answer, left on its Response under ANSWER_TEXT: the front (server/http/front/server.mjs)
 * writes it as it is instead of reading the Response's body stream back, and keeps its gzip beside
 * it, so an answer shared by many requests (below) is gzipped once.
 */
export type AnswerText = { text: string; gzip?: Uint8Array };
export const ANSWER_TEXT = Symbol.for('radarfirme.api.answerText');

function withText(res: Response, text: AnswerText): Response {
  (res as unknown as Record<symbol, AnswerText>)[ANSWER_TEXT] = text;
  return res;
}

/**
 * An answer given to many requests: a search's or its filter counts' cached answer (decision 076).
 * Its JSON is written once, and the front keeps its gzip beside it (ANSWER_TEXT), so a repeated
 * search costs neither.
 */
/** A cached value → the answer built from it; an answer → its JSON (null until first sent). */
const answerOf = new WeakMap<object, object>();
const bodyOf = new WeakMap<object, AnswerText | null>();

/**
 * The answer built from a cached value (`build(from)`), the same object for the same value, so its
 * JSON is made once however many requests get it. `build` must only read `from`: the answer lives
 * as long as the value does (a WeakMap), and nobody may modify it.
 */
export function sharedAnswer<S extends object, R extends object>(from: S, build: (from: S) => R): R {
  let answer = answerOf.get(from) as R | undefined;
  if (!answer) {
    answer = build(from);
    answerOf.set(from, answer);
    bodyOf.set(answer, null);
  }
  return answer;
}

function sharedJson(answer: object, headers?: Record<string, string>): Response {
  let body = bodyOf.get(answer);
  if (!body) bodyOf.set(answer, (body = { text: JSON.stringify(answer) }));
  return withText(new Response(body.text, { status: 200, headers: { 'content-type': JSON_TYPE, ...headers } }), body);
}

/** A handler's own Response with the key's headers added (a copy when its headers are immutable). */
function withHeaders(res: Response, headers: Record<string, string> | undefined): Response {
  if (!headers) return res;
  const out = new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers });
  for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  return out;
}

function errorResponse(status: number, body: ErrorBody, headers?: Record<string, string>) {
  return json(body, status, headers);
}

/** Maps incoming keys to the schema's keys ignoring case (the spec mixes searchText and SearchText). */
function alignKeys(input: Record<string, unknown>, schema: Schema | undefined): Record<string, unknown> {
  const shape = schema && schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : null;
  if (!shape) return input;
  const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) out[byLower.get(k.toLowerCase()) ?? k] = v;
  return out;
}

function queryObject(url: URL): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of url.searchParams) {
    if (k in out) {
      const prev = out[k];
      out[k] = Array.isArray(prev) ? [...prev, v] : [prev, v];
    } else out[k] = v;
  }
  return out;
}

function validationError(error: z.ZodError, where: 'query' | 'body' | 'params'): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : where;
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  const fields = Object.keys(errors);
  return new AppError('VALIDATION', `Date invalide: ${fields.join(', ')}.`, errors);
}

/** NUL is refused before parsing: PostgreSQL rejects it in any text, which would be a 500. */
function refuseNul(raw: unknown, where: 'query' | 'body' | 'params') {
  const field = findNul(raw);
  if (field !== null) throw new AppError('VALIDATION', UNREADABLE_INPUT_MESSAGE, { [field || where]: [UNREADABLE_INPUT_MESSAGE] });
}

/** Next decodes path params before the handler; a param it could not read is a bad request, not a crash. */
async function readParams(ctx: NextCtx | undefined): Promise<Record<string, string | string[]>> {
  if (!ctx?.params) return {};
  try {
    return await ctx.params;
  } catch {
    throw new AppError('BAD_REQUEST', UNREADABLE_INPUT_MESSAGE);
  }
}

function parse<S extends Schema>(schema: S | undefined, raw: unknown, where: 'query' | 'body' | 'params') {
  refuseNul(raw, where);
  if (!schema) return undefined;
  const aligned = raw && typeof raw === 'object' && !Array.isArray(raw) ? alignKeys(raw as Record<string, unknown>, schema) : raw;
  let res: ReturnType<S['safeParse']>;
  try {
    res = schema.safeParse(aligned) as ReturnType<S['safeParse']>;
  } catch {
    // A refinement that cannot read a malformed input is still the caller's bad input, not ours.
    throw new AppError('VALIDATION', 'Date invalide.', { [where]: ['Date invalide.'] });
  }
  if (!res.success) throw validationError(res.error, where);
  return res.data;
}

/** The body read up to `limit` bytes (one bounded reader for requests and remote answers). */
async function readBodyText(req: Request, limit: number): Promise<string> {
  try {
    return await readBoundedText(req, limit);
  } catch (e) {
    if (e instanceof ResponseTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE', 'Cererea este prea mare.');
    throw e;
  }
}

/**
 * JSON nested deeper than this is refused before parsing: the checks after the parse recurse (a
 * 200,000-deep array overflowed the stack: a 500). Mail designs may nest up to 200 (lib/templates/design.ts).
 */
const MAX_JSON_DEPTH = 256;

/** Whether a JSON text nests arrays and objects deeper than MAX_JSON_DEPTH (strings skipped whole). */
function isTooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // To the closing quote: the next one not escaped by an odd run of backslashes.
      let j = i + 1;
      for (;;) {
        j = text.indexOf('"', j);
        if (j < 0) return false;
        let k = j - 1;
        while (text.charCodeAt(k) === 92) k--;
        if ((j - 1 - k) % 2 === 0) break;
        j++;
      }
      i = j;
    } else if (c === 91 || c === 123) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

async function readBody(req: Request, limit: number): Promise<unknown> {
  const text = await readBodyText(req, limit);
  if (!text.trim()) return undefined;
  if (isTooDeep(text)) throw new AppError('BAD_REQUEST', 'Corpul cererii are prea multe niveluri.');
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'Corpul cererii nu este JSON valid.');
  }
}

function prismaError(e: unknown): AppError | null {
  const code = (e as { code?: unknown })?.code;
  // The database's disk full (decision 110): the write is refused, nothing half-done; the user
  // may retry once an operator frees space (the fault clears itself on the next probe).
  if (noteDbError(e)) return new AppError('UNAVAILABLE', 'Baza de date nu poate salva acum: discul ei este plin. Încercați din nou mai târziu.');
  if (code === 'P2025') return new AppError('NOT_FOUND', 'Resursa nu a fost găsită.');
  if (code === 'P2002') return new AppError('CONFLICT', 'Înregistrarea există deja.');
  if (code === '23505') return new AppError('CONFLICT', 'Înregistrarea există deja.');
  // A number beyond its column's range (P2020 is Prisma's form): every id schema bounds its ids
  // (lib/shared/schemas.ts dbId), this is the net for a field that may have been missed.
  if (code === '22P02' || code === '22003' || code === 'P2020') return new AppError('VALIDATION', 'Valoare invalidă.');
  // Invalid or untranslatable characters (a NUL that got past refuseNul): the input, not the server.
  if (code === '22021' || code === '22P05') return new AppError('BAD_REQUEST', UNREADABLE_INPUT_MESSAGE);
  return null;
}

/**
 * What an account that must change its password (an admin created with the published default)
 * may still call: who am I, the change itself, and ending the session. Everything else signed-in
 * answers 403 PASSWORD_CHANGE_REQUIRED until the password is changed.
 */
const OPEN_BEFORE_PASSWORD_CHANGE: ReadonlySet<ApiKey> = new Set<ApiKey>(['GET /api/Auth/userDetails', 'POST /api/Auth/changePassword']);

function enforce(access: Access, actor: Actor | null, req: Request, key: ApiKey) {
  if (access === 'public') return;
  if (access === 'cron') {
    const secret = env.CRON_SECRET;
    const given = req.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
    // Without a secret, only a development caller on this machine (the socket's address, never a header).
    const local = !secret && env.NODE_ENV !== 'production' && isLoopbackPeer(req.headers);
    if (local || (secret && isSameSecret(given, secret))) return;
    throw new AppError('UNAUTHORIZED', 'Acces neautorizat!');
  }
  if (access === 'metrics') {
    if (canReadMetrics(req)) return;
    throw new AppError('UNAUTHORIZED', 'Acces neautorizat!');
  }
  if (!actor) throw new AppError('UNAUTHORIZED', 'Trebuie să fiți autentificat.');
  if (actor.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(key)) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', AUTH_TEXT.passwordChangeRequired);
  }
  if (access === 'admin' && !actor.roles.includes('Admin')) throw new AppError('FORBIDDEN', 'Acces neautorizat!');
}

/**
 * Development and tests: the answer must match the contract's answer schema (as the client reads
 * it, after JSON). A mismatch is the server's bug: tests see a 500 (API_CHECK_ANSWERS=throw, the
 * default under Jest), development logs it (log), production skips the work (off).
 */
function checkAnswer(key: ApiKey, contract: Endpoint, result: unknown) {
  const mode = env.API_CHECK_ANSWERS;
  if (mode === 'off' || contract.answerType) return;
  const sent = result === undefined ? undefined : JSON.parse(JSON.stringify(result));
  const res = contract.answer.safeParse(sent);
  if (res.success) return;
  const detail = res.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(rădăcină)'}: ${i.message}`).join('; ');
  if (mode === 'throw') throw new Error(`Răspunsul ${key} nu respectă contractul: ${detail}`);
  console.warn(`[api] răspunsul ${key} nu respectă contractul: ${detail}`);
}

export function apiRoute<K extends ApiKey, R = unknown>(key: K, def: Def<K, R>) {
  const access = ACCESS[key] as Access | undefined;
  const contract = CONTRACT[key] as Endpoint | undefined;
  if (!access || !contract) throw new Error(`Ruta ${key} nu are un contract în lib/api/contract`);
  const handle = async function handle(req: Request, ctx?: NextCtx): Promise<Response> {
    // The front's id (server/http/front/observability.mjs), so the 500's id is the one of the log lines.
    const requestId = req.headers.get('x-request-id') ?? randomUUID();
    // An API key (issue 29, docs/decisions/066): its owner is the actor; its quota and CORS headers
    // go on every answer after it was accepted, errors included.
    let keyHeaders: Record<string, string> | undefined;
    try {
      const keyed = await authorizeApiKeyCall(req, key);
      keyHeaders = keyed?.headers;
      const actor = keyed ? keyed.actor : await resolveActor(req);
      // The data keys meter, asked for with neither key nor session: per-address limits (decision 087).
      if (!keyed && !actor && access === 'public' && scopeNeeded(key) !== null) assertAnonymousAllowed(req);
      enforce(access, actor, req, key);
      const url = new URL(req.url);
      const rawParams = await readParams(ctx);
      const params = parse(contract.params, rawParams, 'params');
      const query = parse(contract.query, queryObject(url), 'query');
      const body = contract.body ? parse(contract.body, await readBody(req, def.maxBodyBytes ?? 1_000_000), 'body') : undefined;
      // enforce() has refused a missing actor for `user` and `admin`: ActorFor<K> holds; the
      // parsed parts are the outputs of the contract's schemas.
      const result = await def.handler({ actor, query, body, params, req, requestId } as HandlerContext<In<K, 'query'>, In<K, 'body'>, In<K, 'params'>, ActorFor<K>>);
      if (result instanceof Response) return withHeaders(result, keyHeaders);
      checkAnswer(key, contract, result);
      if (typeof result === 'object' && result !== null && bodyOf.has(result)) return sharedJson(result, keyHeaders);
      return json(result, 200, keyHeaders);
    } catch (e) {
      const known = e instanceof AppError ? e : prismaError(e);
      if (known) {
        return errorResponse(known.status, { Message: known.message, Code: known.code, ...(known.errors ? { Errors: known.errors } : {}) }, { ...keyHeaders, ...known.headers });
      }
      console.error(`[api] ${key} request ${requestId} failed:`, e);
      return errorResponse(500, { Message: 'A apărut o eroare neașteptată. Încercați din nou.', Code: 'INTERNAL', RequestId: requestId }, keyHeaders);
    }
  };
  // The hot public GETs are also answered by the front server directly (front-routes.ts).
  offerToFront(key, handle);
  return handle;
}
