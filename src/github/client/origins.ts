// Where the token may go: the API's own origin, and for uploads the origin of an `upload_url` the API itself
// named in a release. Everything else gets no credentials (and no writes).

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export class TrustedOrigins {
  readonly api: string;
  private readonly uploads = new Set<string>();

  /** Origins of the API's own other endpoints the runner names (GraphQL): they get the token like the API. */
  private readonly siblings = new Set<string>();

  constructor(baseUrl: string, siblingUrls: string[] = []) {
    const api = originOf(baseUrl);
    if (!api) throw new Error(`The API URL ${JSON.stringify(baseUrl)} is not an absolute URL`);
    this.api = api;
    for (const url of siblingUrls) {
      const origin = originOf(url);
      if (origin && origin !== 'null') this.siblings.add(origin);
    }
  }

  /**
   * Learns the upload hosts a response names (`upload_url` of a release, or of each release in a list), only when
   * the answer came from the API's own origin (`finalUrl`, after any redirect): an answer fetched from elsewhere
   * (a cross-origin redirect, sent without the token) names no place the token may go.
   */
  learn(data: unknown, finalUrl: string): void {
    if (originOf(finalUrl) !== this.api) return;
    const items = Array.isArray(data) ? data : [data];
    for (const item of items) {
      const url = (item as { upload_url?: unknown } | null)?.upload_url;
      if (typeof url !== 'string') continue;
      const origin = originOf(url.replace(/\{[^}]*\}/g, ''));
      if (origin && origin !== 'null') this.uploads.add(origin);
    }
  }

  /** True when a request with this method to this URL may carry the token. */
  allowsCredentials(url: string, method: string): boolean {
    const origin = originOf(url);
    if (origin === this.api || (origin !== undefined && this.siblings.has(origin))) return true;
    return origin !== undefined && method.toUpperCase() === 'POST' && this.uploads.has(origin);
  }

  sameOrigin(a: string, b: string): boolean {
    const origin = originOf(a);
    return origin !== undefined && origin === originOf(b);
  }
}
