import type { ChildProcess, StdioOptions } from 'node:child_process';
export declare const SERVER_NODE_ARGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare function serverProcess(env: Record<string, string | undefined>): { args: string[]; env: NodeJS.ProcessEnv };
export declare function spawnServer(root: string, args: string[], options?: { env?: NodeJS.ProcessEnv; nodeArgs?: string[]; stdio?: StdioOptions; serve?: string }): ChildProcess;
