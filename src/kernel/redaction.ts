// The one redaction of secrets in text, for the actions (with the runner's own masking) and the service (its JSON
// log and what it persists). A secret is registered as soon as it is obtained (the service's installation tokens
// and JWTs, an hour and ten minutes long), together with the forms it travels in (`x-access-token:<token>` in
// Basic auth, base64); text is redacted at every sink that outlives the moment: each log line, each recorded error.
// Secrets shorter than 4 characters are not redacted (they would blank ordinary words).

/** The forms a token is seen in besides itself: the Basic-auth header of git over HTTPS. */
export function tokenForms(token: string): string[] {
  return token ? [token, Buffer.from(`x-access-token:${token}`).toString('base64')] : [];
}

export class Redactor {
  private readonly secrets = new Set<string>();

  constructor(secrets: readonly string[] = []) {
    for (const s of secrets) this.add(s);
  }

  /** Registers a secret (and nothing when it is too short to redact safely). */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 4) this.secrets.add(secret);
  }

  /** Registers a token and its Basic-auth form. */
  addToken(token: string | undefined): void {
    for (const form of tokenForms(token ?? '')) this.add(form);
  }

  /** The text with every registered secret replaced by `***` (longest first, so no part of one survives). */
  redact(text: string): string {
    if (this.secrets.size === 0) return text;
    const all = [...this.secrets].sort((a, b) => b.length - a.length);
    return all.reduce((out, secret) => out.split(secret).join('***'), text);
  }
}
