// Types of server/http/front/client-address.mjs (plain JavaScript that `node` runs and the tests import).
import type { IncomingMessage } from 'node:http';

export const CLIENT_ADDRESS_HEADER: 'x-radarfirme-client-address';
export function parseTrustProxy(value: string | undefined | null): number;
export function addressBucket(raw: string | undefined | null): string;
export function clientAddressOf(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: number): string;
export function stampClientAddress(req: IncomingMessage, trustProxy: number): string;
export function markFront(): void;
export function stampPeerAddress(req: IncomingMessage): void;
