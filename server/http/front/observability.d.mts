import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';

export function sharedRegistry(): Registry;
export function requestIdOf(header: string | string[] | undefined): string;
export function routeLabel(pathname: string): string;
export function createLogger(service: string, destination?: { write(line: string): void }): Logger;
export function routeConsoleToLogger(logger: Logger): void;
export function jsonLogsWanted(value?: string, isTty?: boolean): boolean;
export function createRequestObserver(logger: Logger, options?: { accessLog?: boolean }): <T>(req: IncomingMessage, res: ServerResponse, address: string | null, run: () => T) => T;
export function collectProcessMetrics(): void;
