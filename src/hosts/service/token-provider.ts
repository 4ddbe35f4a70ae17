// Where the receiver gets the token it acts with for a delivery. A GitHub App gets one installation token
// per installation (the delivery's `installation.id`); tests and the command line use a static token.

export interface TokenProvider {
  /** The token for acting on `repository` ('owner/name') for this installation (undefined: not an App delivery). */
  tokenFor(installationId: number | undefined, repository: string): Promise<string>;
  /** An App's installations (sweeps cover their repositories); absent: the token's own repositories. */
  installations?(): Promise<number[]>;
  /** Set while GitHub refuses the credentials themselves (an App's every private key): no delivery can run. */
  credentialProblem?(): string | undefined;
  /** Asks GitHub again whether the credentials are refused (throttled by the provider; never throws). */
  recheckCredentials?(): Promise<void>;
}

export class NoTokenError extends Error {
  constructor(installationId: number | undefined, repository: string) {
    super(`no token for ${repository}${installationId === undefined ? '' : ` (installation ${installationId})`}`);
    this.name = 'NoTokenError';
  }
}

/** One token for every delivery. */
export function staticTokenProvider(token: string): TokenProvider {
  if (!token) throw new Error('staticTokenProvider: the token is empty');
  return { tokenFor: async () => token };
}

/** A token per installation id, with an optional fallback for deliveries without an installation. */
export function installationTokenProvider(tokens: Record<number, string>, fallback?: string): TokenProvider {
  return {
    async tokenFor(installationId, repository) {
      const token = installationId === undefined ? fallback : (tokens[installationId] ?? fallback);
      if (!token) throw new NoTokenError(installationId, repository);
      return token;
    },
  };
}
