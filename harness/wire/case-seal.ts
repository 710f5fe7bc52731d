/**
 * Sealed scenes: a Socket.IO Server of the kit's (a wire case, an Agent scene, the interop relay)
 * counts only its own case's parties. Any local process can read the machine's listening ports, and
 * an intruder's packets used to be judged as the case's. Each scene gets a 128-bit secret that the
 * harness puts only into its own adapter call, as the URL's query (`?smcp_case=<hex>`): the SDKs
 * keep a URL's query in the Engine.IO handshake (a2c-smcp's and smcp's build_handshake_url keep
 * every pair; python-engineio and tf-rust-socketio append theirs), so no adapter adds anything.
 * A handshake without it is refused (403) before Engine.IO opens a connection, and kept as an
 * intruder: when, from which port, what it presented; it never has packets to judge.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { WireHandshake, WireIntruder, WirePacket } from "./scene-record.ts";

export const SEAL_PARAM = "smcp_case";
/** Intruders past this many are counted, not kept: a flood cannot fill the run's memory. */
export const INTRUDERS_KEPT = 50;
const URL_KEPT = 300;

export interface CaseSeal {
  readonly secret: string;
  /** The refused handshakes, in order (the first INTRUDERS_KEPT). */
  readonly intruders: WireIntruder[];
  /** socket.io's `allowRequest`: called by Engine.IO for each handshake (a request without a sid) only. */
  readonly allowRequest: (req: IncomingMessage, callback: (error: string | null | undefined, success: boolean) => void) => void;
  /** How many intruders were refused beyond those kept. */
  notKept(): number;
}

export function newSeal(since: () => number): CaseSeal {
  const secret = randomBytes(16).toString("hex");
  const intruders: WireIntruder[] = [];
  let refused = 0;
  return {
    secret,
    intruders,
    notKept: () => refused - intruders.length,
    allowRequest: (req, callback) => {
      const url = req.url ?? "";
      if (presents(url, secret)) return callback(null, true);
      refused++;
      if (intruders.length < INTRUDERS_KEPT)
        intruders.push({
          t_ms: Math.round(since() * 10) / 10,
          remote_port: req.socket.remotePort ?? null,
          presented: secretIn(url),
          url: url.slice(0, URL_KEPT),
        });
      callback("not this case's party: its URL lacks the case's smcp_case", false);
    },
  };
}

/** The URL a case's adapter is given: the Server's base with the case's secret. */
export function sealedUrl(base: string, secret: string): string {
  return `${base}/?${SEAL_PARAM}=${secret}`;
}

/** The secret a URL (absolute, or a request's path and query) carries; null when none. */
export function secretIn(url: string | undefined): string | null {
  try {
    return new URL(url ?? "", "http://x").searchParams.get(SEAL_PARAM);
  } catch {
    return null;
  }
}

function presents(url: string, secret: string): boolean {
  const presented = Buffer.from(secretIn(url) ?? "");
  const expected = Buffer.from(secret);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

type HandshakeLike = Pick<WireHandshake, "conn" | "url">;

/** A scene's record as far as the seal goes: the URL its adapter was given, its handshakes, its packets. */
export interface SealedRecord<H extends HandshakeLike = HandshakeLike> {
  readonly url?: string;
  readonly handshakes?: readonly H[];
  readonly packets?: readonly WirePacket[];
}

/** The connections whose handshake presented the secret of the record's URL (none when the URL carries none). */
export function admittedConns(record: SealedRecord): ReadonlySet<string> {
  const secret = secretIn(record?.url);
  const handshakes = Array.isArray(record?.handshakes) ? record.handshakes : [];
  if (!secret) return new Set();
  return new Set(handshakes.filter((h) => typeof h?.url === "string" && presents(h.url, secret)).map((h) => h.conn));
}

/** What a verdict may read: the packets and handshakes of admitted connections only. Pure. */
export function admittedPart<H extends HandshakeLike>(record: SealedRecord<H>): { packets: WirePacket[]; handshakes: H[] } {
  const admitted = admittedConns(record);
  return {
    packets: (Array.isArray(record?.packets) ? record.packets : []).filter((p) => admitted.has(p?.conn)),
    handshakes: (Array.isArray(record?.handshakes) ? record.handshakes : []).filter((h) => admitted.has(h?.conn)),
  };
}
