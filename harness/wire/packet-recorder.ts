/**
 * Records every Socket.IO packet of a case at the Engine.IO layer, in both directions, and decodes
 * it with socket.io's own parser (pinned): what the recorder keeps is what crossed the wire, ack ids
 * and namespace included, not what a handler was given. One decoder per connection and direction,
 * since binary packets arrive in parts.
 */
import { Decoder, PacketType } from "socket.io-parser";
import type { WirePacket } from "./scene-record.ts";

/** Arguments whose JSON is larger are cut to a note (the size is kept): a flood cannot fill the run's memory. */
export const PACKET_ARG_BUDGET_BYTES = 256 * 1024;
/** Packets past this many are counted, not kept. */
export const CASE_PACKET_BUDGET = 5_000;

type RawEnginePacket = { readonly type: string; readonly data?: unknown };
interface EngineSocket {
  readonly id: string;
  on(event: "packet" | "packetCreate", listener: (packet: RawEnginePacket) => void): unknown;
}

const TYPE_NAMES: Readonly<Record<number, WirePacket["type"]>> = {
  [PacketType.CONNECT]: "connect",
  [PacketType.DISCONNECT]: "disconnect",
  [PacketType.EVENT]: "event",
  [PacketType.BINARY_EVENT]: "event",
  [PacketType.ACK]: "ack",
  [PacketType.BINARY_ACK]: "ack",
  [PacketType.CONNECT_ERROR]: "connect_error",
};

export class PacketRecorder {
  readonly packets: WirePacket[] = [];
  dropped = 0;

  constructor(private readonly since: () => number) {}

  /**
   * The ack id of the newest EVENT `event` sent on connection `conn`: what socket.io gave an emit
   * just made (the packet is recorded synchronously as it is created), so its ACK can be matched.
   */
  lastSentAckId(event: string, conn: string): number | undefined {
    for (let i = this.packets.length - 1; i >= 0; i--) {
      const p = this.packets[i]!;
      if (p.dir === "out" && p.type === "event" && p.event === event && p.conn === conn) return p.ack_id;
    }
    return undefined;
  }

  /** Starts recording one Engine.IO connection. */
  attach(socket: EngineSocket): void {
    this.listen(socket, "in", "packet");
    this.listen(socket, "out", "packetCreate");
  }

  private listen(socket: EngineSocket, dir: "in" | "out", event: "packet" | "packetCreate"): void {
    const decoder = new Decoder();
    decoder.on("decoded", (packet: { type: number; nsp: string; data?: unknown; id?: number }) => this.push(dir, socket.id, packet));
    socket.on(event, (raw) => {
      if (raw.type !== "message") return;
      try {
        decoder.add(raw.data as string);
      } catch (error) {
        this.add({ dir, conn: socket.id, type: "unparseable", nsp: "", args: [String(raw.data).slice(0, 300), (error as Error).message] });
      }
    });
  }

  private push(dir: "in" | "out", conn: string, packet: { type: number; nsp: string; data?: unknown; id?: number }): void {
    const type = TYPE_NAMES[packet.type] ?? "unparseable";
    const data = packet.data;
    let event: string | undefined;
    let args: unknown[] | undefined;
    if (type === "event" && Array.isArray(data)) {
      event = typeof data[0] === "string" ? data[0] : undefined;
      args = data.slice(1);
    } else if (Array.isArray(data)) args = data;
    else if (data !== undefined) args = [data];
    this.add({
      dir,
      conn,
      type,
      nsp: packet.nsp,
      ...(event !== undefined ? { event } : {}),
      ...(args ? { args } : {}),
      ...(packet.id !== undefined ? { ack_id: packet.id } : {}),
    });
  }

  private add(packet: Omit<WirePacket, "seq" | "t_ms">): void {
    if (this.packets.length >= CASE_PACKET_BUDGET) {
      this.dropped++;
      return;
    }
    const { args, truncated } = withinBudget(packet.args);
    this.packets.push({
      seq: this.packets.length + 1,
      t_ms: Math.round(this.since() * 10) / 10,
      ...packet,
      ...(args ? { args } : {}),
      ...(truncated !== undefined ? { truncated_bytes: truncated } : {}),
    });
  }
}

/** Binary attachments become a note of their size (JSON cannot hold them); oversized arguments a note of theirs. */
function withinBudget(args: readonly unknown[] | undefined): { args?: unknown[]; truncated?: number } {
  if (!args) return {};
  const plain = JSON.parse(
    // A Buffer reaches the replacer already turned into {type: "Buffer", data: [...]} by its toJSON.
    JSON.stringify(args, (_k, v) => (isSerializedBuffer(v) ? { $binary_bytes: v.data.length } : v)),
  ) as unknown[];
  const size = Buffer.byteLength(JSON.stringify(plain));
  if (size <= PACKET_ARG_BUDGET_BYTES) return { args: plain };
  return { args: [{ $truncated: true }], truncated: size };
}

function isSerializedBuffer(v: unknown): v is { type: "Buffer"; data: unknown[] } {
  return (
    v !== null && typeof v === "object" && (v as { type?: unknown }).type === "Buffer" && Array.isArray((v as { data?: unknown }).data)
  );
}
