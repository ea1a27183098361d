// oidc-provider ships no types; the local stand-in for Entra ID uses only this much of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';
  type Claims = Record<string, unknown>;
  type Account = { accountId: string; claims: () => Promise<Claims> };
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & { findAccount?: (ctx: unknown, sub: string) => Promise<Account> });
    listen(port: number, host: string, callback: () => void): Server;
  }
}
