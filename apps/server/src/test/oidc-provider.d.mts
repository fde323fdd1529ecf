export type OidcProviderOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** The signed-in person's claims (email, email_verified, given_name, family_name), read at each sign-in. */
  claims: () => Record<string, unknown>;
  /** false: the ID token also carries the scope's claims (a provider that is not strict about it). */
  conformIdTokenClaims?: boolean;
};

export function startOidcProvider(options: OidcProviderOptions): Promise<{ issuer: string; close(): Promise<void> }>;
