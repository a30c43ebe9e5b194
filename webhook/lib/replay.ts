// Remembers the ids of the signed requests accepted lately, so that a recorded request cannot be
// sent again. An id needs remembering only while its timestamp would still be accepted; after
// that the timestamp check refuses the request anyway, so memory stays bounded by the number of
// authenticated requests in one window (and only a holder of the secret can add to it).

export class ReplayGuard {
  #windowSeconds: number;
  #seen = new Map<string, number>();

  constructor(windowSeconds: number) {
    this.#windowSeconds = windowSeconds;
  }

  /** Records `id`; false when it was already used by a request still inside the window. */
  firstUse(id: string, timestampSeconds: number, now = Date.now()): boolean {
    const until = this.#seen.get(id);
    if (until !== undefined && until > now) return false;
    // One more second, so that the boundary second of the timestamp check is covered too.
    this.#seen.set(id, (timestampSeconds + this.#windowSeconds + 1) * 1000);
    return true;
  }

  /** Forgets ids whose requests could no longer be accepted. */
  sweep(now = Date.now()): void {
    for (const [id, until] of this.#seen) if (until <= now) this.#seen.delete(id);
  }

  get size(): number {
    return this.#seen.size;
  }
}
