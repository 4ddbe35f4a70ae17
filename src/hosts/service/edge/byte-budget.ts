// Bytes of bodies held in memory before their signature could be checked: a stranger's bytes. A request claims
// its declared `Content-Length` (or each chunk as it comes, without one) before its body is read; a claim that
// would pass a limit is refused and the request answered 503 with `Retry-After`, unread.
// - `total`: all unauthenticated bytes at once (default 64 MiB).
// - `perAddress`: one address's share (default an eighth of `total`).
// - `reserved`: the last bytes of `total` go only to addresses holding nothing yet, so a sender with one delivery
//   (GitHub) still gets in while other addresses hold the rest.
// A claim is released when its request ends, however it ends.

export interface ByteBudgetLimits {
  total: number;
  perAddress: number;
  reserved: number;
}

export function byteBudgetLimits(total = 64 * 1024 * 1024): ByteBudgetLimits {
  return { total, perAddress: Math.floor(total / 8), reserved: Math.floor(total / 8) };
}

export interface ByteClaim {
  /** Claims `bytes` more; false (nothing claimed) when a limit would be passed. */
  grow(bytes: number): boolean;
  /** Gives everything back (idempotent). */
  release(): void;
}

export class UnauthenticatedBytes {
  private held = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(readonly limits: ByteBudgetLimits) {}

  get total(): number {
    return this.held;
  }

  heldBy(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  private fits(address: string, bytes: number): boolean {
    const mine = this.heldBy(address);
    if (mine + bytes > this.limits.perAddress) return false;
    if (this.held + bytes > this.limits.total) return false;
    return mine === 0 || this.held + bytes <= this.limits.total - this.limits.reserved;
  }

  private add(address: string, bytes: number): void {
    this.held += bytes;
    const mine = this.heldBy(address) + bytes;
    if (mine > 0) this.byAddress.set(address, mine);
    else this.byAddress.delete(address);
  }

  /** A claim of `bytes` for `address`, or undefined when it does not fit. */
  claim(address: string, bytes: number): ByteClaim | undefined {
    if (!this.fits(address, bytes)) return undefined;
    this.add(address, bytes);
    let mine = bytes;
    let released = false;
    return {
      grow: (more) => {
        if (released || !this.fits(address, more)) return false;
        this.add(address, more);
        mine += more;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.add(address, -mine);
      },
    };
  }
}
