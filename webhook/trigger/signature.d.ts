/** `sha256=<hex HMAC-SHA256 of body with secret>`, the value of the X-Signature-256 header. */
export declare function sign(body: string | Uint8Array, secret: string): string;
/** Constant-time check of an X-Signature-256 header; false (never a throw) for anything malformed. */
export declare function verify(body: string | Uint8Array, header: string | null | undefined, secret: string): boolean;
