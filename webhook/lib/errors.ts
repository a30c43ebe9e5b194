// The two kinds of failure the service words itself: one answered to an HTTP request, one that
// ends a build in a named phase. Anything else is unexpected, and its message stays out of /status
// for anyone without the secret.

/** An error that carries the HTTP status it should be answered with. */
export class HttpError extends Error {
  statusCode: number;
  constructor(message: string, statusCode: number) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** A failure in a named phase of a build (the deploy, say). */
export class PhaseError extends Error {
  phase: string;
  constructor(message: string, phase: string) {
    super(message);
    this.phase = phase;
  }
}
