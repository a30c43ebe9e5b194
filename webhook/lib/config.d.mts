export const MIN_SECRET_LENGTH: number;
export class ConfigError extends Error {}
export interface ServiceConfig {
  secret: string;
  port: number;
  host: string;
  publishDir: string;
  projectDir: string;
  buildsDir: string;
  buildCommand: string;
  deployCommand: string;
  keepBuilds: number;
  buildTimeoutMs: number;
  maxBodyBytes: number;
  rateLimitPerMinute: number;
  trustProxy: boolean;
}
export function loadConfig(env: Record<string, string | undefined>, options?: { cwd?: string }): ServiceConfig;
