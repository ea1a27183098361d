// Types of server/http/front/hold-render.mjs.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FrontRenderPlan, PageCacheHandlers } from '../../kernel/front-bridge.mjs';

export function acceptsGzip(header: string | undefined): boolean;
export function holdWhatNextWrites(req: IncomingMessage, res: ServerResponse, api: Pick<PageCacheHandlers, 'seal' | 'keep' | 'securityHeaders'>, plan: FrontRenderPlan): void;
