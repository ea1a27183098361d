export declare const TEMPLATE: string;
export declare function createWorkerDatabase(adminUrl: string, id: number | string): Promise<void>;
