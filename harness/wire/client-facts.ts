/**
 * How a client under test reached a kit Server, written once for the Computer and the Agent scenes
 * (and the interop relay's Agent): whether it connected on /smcp, and what its first admitted
 * handshake and its CONNECT said. Pure and tolerant of damaged records.
 */
import type { WirePacket } from "./scene-record.ts";

export interface ConnectionFacts {
  readonly connected: boolean;
  readonly handshake: {
    readonly a2c_version: string | null;
    /** Every a2c_version value of that query, in order: a version the caller put in the URL shows here beside the SDK's own. */
    readonly a2c_versions: readonly string[];
    readonly first_transport: string | null;
    readonly auth_keys: readonly string[];
    readonly auth_has_role: boolean;
    /** The CONNECT carried an auth object (`{}` included): a client that sends none has no auth at all (data-structures.md §ConnectAuth). */
    readonly auth_is_object: boolean;
    /** The CONNECT auth object as sent (null: none), compared on the keys a vector names. */
    readonly auth: Readonly<Record<string, unknown>> | null;
    /**
     * The keys of the first handshake's URL query the client chose, sorted, each once: Engine.IO's own
     * (EIO, transport, t, sid, b64, j) and the case's seal (smcp_case) left out, so what is left is what
     * the SDK put there (a2c_version; an identity field would show here).
     */
    readonly query_keys: readonly string[];
  };
}

/** Query keys that are the transport's or the kit's, never the client's own choice. */
const TRANSPORT_QUERY_KEYS = new Set(["EIO", "transport", "t", "sid", "b64", "j", "smcp_case"]);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** `sent`: the /smcp packets the client sent; `handshake`: its first admitted Engine.IO handshake. */
export function connectionFacts(
  sent: readonly WirePacket[],
  handshake: { readonly url?: string; readonly transport?: string } | undefined,
): ConnectionFacts {
  const connect = sent.find((p) => p.type === "connect");
  const auth = isObject(connect?.args?.[0]) ? (connect.args[0] as Record<string, unknown>) : {};
  return {
    connected: connect !== undefined,
    handshake: {
      a2c_version: handshake?.url ? queryParam(handshake.url, "a2c_version") : null,
      a2c_versions: handshake?.url ? queryParams(handshake.url, "a2c_version") : [],
      first_transport: handshake?.transport ?? null,
      auth_keys: Object.keys(auth).sort(),
      auth_has_role: Object.hasOwn(auth, "role"),
      auth_is_object: isObject(connect?.args?.[0]),
      auth: isObject(connect?.args?.[0]) ? auth : null,
      query_keys: handshake?.url ? queryKeys(handshake.url) : [],
    },
  };
}

/** The client's first server:join_office (null: it sent none): what it asked, and how many joins it sent. */
export interface JoinFacts {
  readonly role: unknown;
  readonly name: unknown;
  /** The join named the case's office. */
  readonly office_matches: boolean;
  /** The join asked for an ack. */
  readonly asks_ack: boolean;
  readonly count: number;
}

/** `joins`: the client's server:join_office EVENT packets, in order. */
export function joinFacts(joins: readonly WirePacket[], officeId: string | undefined): JoinFacts | null {
  const first = joins[0];
  const req = isObject(first?.args?.[0]) ? (first.args[0] as Record<string, unknown>) : undefined;
  if (!req) return null;
  return {
    role: req.role ?? null,
    name: req.name ?? null,
    office_matches: req.office_id === officeId,
    asks_ack: first?.ack_id !== undefined,
    count: joins.length,
  };
}

function queryKeys(url: string): string[] {
  try {
    return [...new Set(new URL(url, "http://x").searchParams.keys())].filter((k) => !TRANSPORT_QUERY_KEYS.has(k)).sort();
  } catch {
    return [];
  }
}

function queryParams(url: string, name: string): string[] {
  try {
    return new URL(url, "http://x").searchParams.getAll(name);
  } catch {
    return [];
  }
}

export function queryParam(url: string, name: string): string | null {
  try {
    return new URL(url, "http://x").searchParams.get(name);
  } catch {
    return null;
  }
}
