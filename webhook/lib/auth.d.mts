import type { IncomingHttpHeaders } from "node:http";
export function authenticate(headers: IncomingHttpHeaders, body: Buffer, secret: string): "signature" | "bearer" | null;
