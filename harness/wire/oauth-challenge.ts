/**
 * An upstream that asks for OAuth (`oauth_challenge: true` on a wire.computer scene's server): the
 * MCP server answers the tools/call with HTTP 401 and a WWW-Authenticate challenge whose
 * authorisation URL carries OAuth flow parameters and a client id, each a secret the harness plants
 * and then looks for in every packet the Computer sends (leaked_secrets). error-handling.md
 * §auth_hint 安全边界 and security.md keep all of them on the Computer's host.
 */
import { randomBytes } from "node:crypto";

/** The planted values, by the parameter that carries them. */
const PARAMS = ["client_id", "state", "code_challenge", "nonce"] as const;

export interface OauthChallenge {
  /** The transport scene (as a vector's `scene`) that answers the tools/call with the challenge. */
  readonly scene: Readonly<Record<string, unknown>>;
  /** One per parameter, in PARAMS order. */
  readonly secrets: readonly string[];
}

export function oauthChallenge(): OauthChallenge {
  const secrets = PARAMS.map(() => `kit-secret-${randomBytes(12).toString("hex")}`);
  const query = PARAMS.map((p, i) => `${p}=${secrets[i]}`).join("&");
  const url = `https://auth.example.invalid/authorize?response_type=code&code_challenge_method=S256&${query}`;
  return {
    scene: {
      answer: "status",
      status: 401,
      www_authenticate: `Bearer realm="mcp", error="invalid_token", authorization_uri="${url}"`,
    },
    secrets,
  };
}
