// Types of server/kernel/process-slot.mjs (plain JavaScript: the front runs it under `node`).
export function processSlot<T>(name: string, create: () => T): T;
export function readProcessSlot<T>(name: string): T | undefined;
export function setProcessSlot<T>(name: string, value: T): void;
