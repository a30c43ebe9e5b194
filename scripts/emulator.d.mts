export declare const DEFAULT_EMULATOR_BIN: string;
export declare function emulatorBinary(): string;
export declare function freePort(): Promise<number>;
export declare function startEmulator(options?: { port?: number; rules?: string; timeoutMs?: number }): Promise<{ host: string; pid: number; stop: () => void }>;
export declare function stopEmulator(pid: number): void;
export declare function wipeEmulator(host: string, projectId: string): Promise<void>;
