// Types of server/http/front/limits.mjs.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const BUSY_BODY: string;
export function parseInflightMax(value: string | undefined | null, name?: string, fallback?: number): number;
export function createShedder(max: number, perAddress?: number): { readonly inflight: number; admit(req: IncomingMessage, res: ServerResponse, address?: string): boolean };
