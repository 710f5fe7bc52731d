// One event vocabulary (harness/wire/events.ts): every client:* / server:* / notify:* event defined
// once, and every other table of events derived from it or held to it here: the kit's spec index,
// the data-structures models, the harness's own tables, the op schemas, the corpus, the reference's
// handlers (live, on real sockets) and the SDK adapters' Agent tables (read from their sources).
// "Adding an event" in vectors/README.md lists the files these checks lead to.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { io, type Socket } from "socket.io-client";
import { afterAll, describe, expect, expectTypeOf, it } from "vitest";
import { parse } from "yaml";
import type { AgentStepInput } from "../../adapters/reference/agent/agent-call.ts";
import { STEP_EVENTS } from "../../adapters/reference/agent/run.ts";
import type { Computer } from "../../adapters/reference/computer/computer.ts";
import { serveClientEvents } from "../../adapters/reference/computer/dispatch.ts";
import { CLIENT_HANDLERS } from "../../adapters/reference/computer/handlers.ts";
import { openSmcpServer, type SmcpServer } from "../../adapters/reference/server/smcp-server.ts";
import { loadRequirements } from "../../harness/corpus/load-requirements.ts";
import { sdkManifest } from "../../harness/impl/sdk-manifests.ts";
import { KIT_VECTORS_DIR, SHARED_SCHEMA_DIR } from "../../harness/model/kit-files.ts";
import { REQUEST_MODEL } from "../../harness/wire/agent-facts.ts";
import { type AgentStepKind, openAgentCase, prepareAgentScene } from "../../harness/wire/agent-scene.ts";
import { CLIENT_EVENTS, type ClientEvent, RESPONSE_MODEL } from "../../harness/wire/computer-scene.ts";
import {
  AGENT_STEP_EVENTS,
  AGENT_STEP_KINDS,
  CLIENT_EVENT_NAMES,
  CLIENT_RESPONSE_MODELS,
  type ClientEventName,
  eventDefinition,
  eventsFrom,
  eventsTo,
  isSmcpEvent,
  NOTIFY_EVENT_NAMES,
  NOTIFY_PAYLOAD_MODELS,
  SERVER_ANSWER_MODELS,
  SERVER_EVENT_NAMES,
  SMCP_EVENTS,
  type SmcpEventName,
} from "../../harness/wire/events.ts";
import { checkedRequestModel, modelErrors, modelNames } from "../../harness/wire/models.ts";
import { COUNTED_EVENTS, NOTIFY_MODEL, serverFacts } from "../../harness/wire/server-facts.ts";
import { playServerScene, prepareServerScene, type ServerSceneEvidence } from "../../harness/wire/server-scene.ts";

const NAMES = Object.keys(SMCP_EVENTS) as SmcpEventName[];
const EVENT_SHAPE = /^(client|server|notify):[a-z_]+$/;
const sorted = (values: Iterable<string>) => [...values].sort();

describe("the definition", () => {
  it("follows events.md's prefix rules: client:* Agent → Computer with a model answer, server:* to the Server, notify:* from it", () => {
    for (const name of NAMES) {
      const d = eventDefinition(name);
      if (name.startsWith("client:"))
        expect({ name, from: d.from, to: d.to, ack: d.ack }).toEqual({ name, from: ["agent"], to: ["computer"], ack: "model" });
      else if (name.startsWith("server:")) expect({ name, to: d.to }).toEqual({ name, to: ["server"] });
      else expect({ name, from: d.from, ack: d.ack }).toEqual({ name, from: ["server"], ack: "none" });
      expect(d.response !== undefined, `${name}: a response model exactly when the answer is a model`).toBe(d.ack === "model");
      expect(d.from.length, name).toBeGreaterThan(0);
      expect(d.to.length, name).toBeGreaterThan(0);
    }
  });

  it("each notify:* event is what exactly one server:* event makes the Server broadcast", () => {
    const broadcast = SERVER_EVENT_NAMES.flatMap((n) => eventDefinition(n).broadcasts ?? []);
    expect(sorted(broadcast)).toEqual(sorted(NOTIFY_EVENT_NAMES));
    for (const n of NAMES.filter((x) => !x.startsWith("server:"))) expect(eventDefinition(n).broadcasts, n).toBeUndefined();
  });

  it("an Agent script step sends an event the Agent emits, one step per event", () => {
    for (const [step, event] of Object.entries(AGENT_STEP_EVENTS))
      expect(eventDefinition(event).from, `${step} → ${event}`).toContain("agent");
    expect(new Set(AGENT_STEP_KINDS).size).toBe(AGENT_STEP_KINDS.length);
  });

  it("cites, for each event, its own section and its row in the kit's spec index, which names the same models and senders", () => {
    const { requirements } = loadRequirements();
    const tables = {
      client: "Client 事件（Agent → Computer）",
      server: "Server 事件（客户端 → Server）",
      notify: "Notify 事件（Server → 广播）",
    };
    const sections = new Set([...requirements.values()].filter((r) => r.page === "events").map((r) => r.section));
    const senders = { "from an Agent or a Computer": ["agent", "computer"], "from a Computer": ["computer"], "from an Agent": ["agent"] };
    for (const name of NAMES) {
      const d = eventDefinition(name);
      expect(d.spec.section, name).toBe(name);
      expect(sections.has(d.spec.section), `${name}: no requirement of events.md §${d.spec.section} in vectors/_spec/*/events.yaml`).toBe(
        true,
      );
      const row = requirements.get(d.spec.row);
      expect(row?.section, `${name}: ${d.spec.row} is not a row of its event table`).toBe(
        tables[name.split(":")[0] as keyof typeof tables],
      );
      const summary = row?.summary ?? "";
      expect(summary, d.spec.row).toContain(` ${name} `);
      expect(summary, d.spec.row).toContain(d.request);
      // The event table names a client:* event's answer; a server:* event's section does.
      const ofSection = [...requirements.values()].filter((r) => r.page === "events" && r.section === d.spec.section).map((r) => r.summary);
      if (d.response)
        expect(
          [summary, ...ofSection].some((s) => s.includes(d.response as string)),
          `${name}: ${d.response}`,
        ).toBe(true);
      if (name.startsWith("server:")) {
        const said = Object.entries(senders).find(([words]) => summary.includes(words));
        expect(said?.[1], `${d.spec.row}: ${summary}`).toEqual([...d.from]);
      }
      expect(d.about.length, name).toBeGreaterThan(10);
    }
    expect(new Set(NAMES.map((n) => eventDefinition(n).spec.row)).size).toBe(NAMES.length);
  });

  it("names models wire-models.json holds, but for request models the kit has not written yet, which it then leaves unchecked", () => {
    const written = new Set(modelNames());
    for (const name of NAMES) {
      const d = eventDefinition(name);
      // A request model's name is held to the spec index's row above; the answer models and the kit's own readings must be written.
      for (const model of [d.response, d.kitRequest].filter((m) => m !== undefined))
        expect(written.has(model), `${name}: ${model} is not in vectors/_schema/wire-models.json`).toBe(true);
      expect(checkedRequestModel(name), name).toBe(written.has(d.kitRequest ?? d.request) ? (d.kitRequest ?? d.request) : undefined);
    }
    expect(checkedRequestModel("server:tool_call_cancel")).toBe("ToolCallCancel");
    expect(checkedRequestModel("client:tool_call")).toBe("ToolCallReq");
    expect(checkedRequestModel("client:get_blob")).toBeUndefined();
  });
});

describe("the harness's tables of events", () => {
  it("the Computer scene's events and response models are the vocabulary's client:* events", () => {
    expect([...CLIENT_EVENTS], "harness/wire/computer-scene.ts CLIENT_EVENTS").toEqual(CLIENT_EVENT_NAMES);
    expect(RESPONSE_MODEL, "harness/wire/computer-scene.ts RESPONSE_MODEL").toEqual(CLIENT_RESPONSE_MODELS);
    expectTypeOf<ClientEvent>().toEqualTypeOf<ClientEventName>();
  });

  it("the Agent facts check each request the Agent sends against the vocabulary's model, where it is written", () => {
    const expected = Object.fromEntries(eventsFrom("agent").flatMap((n) => (checkedRequestModel(n) ? [[n, checkedRequestModel(n)]] : [])));
    expect(REQUEST_MODEL, "harness/wire/agent-facts.ts REQUEST_MODEL").toEqual(expected);
  });

  it("the Server facts check notifications against the vocabulary's payload models and count every event a client can receive", () => {
    expect(NOTIFY_MODEL, "harness/wire/server-facts.ts NOTIFY_MODEL").toEqual(NOTIFY_PAYLOAD_MODELS);
    for (const n of NOTIFY_EVENT_NAMES) expect(checkedRequestModel(n), n).toBe(NOTIFY_PAYLOAD_MODELS[n]);
    expect([...COUNTED_EVENTS], "harness/wire/server-facts.ts COUNTED_EVENTS (scene.ts's CLIENT_EVENTS, then the notify:* events)").toEqual(
      [...CLIENT_EVENT_NAMES, ...NOTIFY_EVENT_NAMES],
    );
  });

  it("the Server facts check a Server-answered step's ack against the vocabulary's answer model, and only those", () => {
    // One step per event a kit client can send, each acknowledged with an empty object: invalid for any model.
    const sent = NAMES.filter((n) => eventDefinition(n).from.some((p) => p !== "server"));
    const evidence = {
      kind: "server",
      case_id: "vocabulary",
      url: "",
      offices: {},
      connects: [{ client: "c", url: "", connected: true }],
      steps: sent.map((event, index) => ({ index, step: { by: "c", send: event, as: `s${index}` }, client: "c", ack_id: index })),
      packets: sent.map((_, index) => ({
        seq: index,
        t_ms: 0,
        dir: "in",
        conn: "c",
        type: "ack",
        nsp: "/smcp",
        ack_id: index,
        args: [{}],
      })),
      dropped_packets: 0,
    } as unknown as ServerSceneEvidence;
    const steps = serverFacts(evidence).steps;
    const checked = sent.filter((_, i) => steps[`s${i}`]?.valid === false);
    expect(checked).toEqual(Object.keys(SERVER_ANSWER_MODELS));
    expect(sent.filter((_, i) => steps[`s${i}`]?.valid === null).length).toBe(sent.length - checked.length);
  });

  it("the Agent scene's step kinds are the vocabulary's", () => {
    expectTypeOf<AgentStepKind>().toEqualTypeOf<(typeof AGENT_STEP_KINDS)[number]>();
  });
});

/** Every value of `key` anywhere in a JSON value. */
function valuesOf(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuesOf(v, key));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => [...(k === key ? [v] : []), ...valuesOf(v, key)]);
}

describe("the op schemas", () => {
  const schemas = readdirSync(join(SHARED_SCHEMA_DIR, "ops"))
    .filter((f) => f.startsWith("wire."))
    .map((f) => ({ file: f, schema: JSON.parse(readFileSync(join(SHARED_SCHEMA_DIR, "ops", f), "utf8")) as unknown }));

  it("an enum of events lists exactly the client:* events, the updates a Computer announces, or exactly the events an Agent is driven to send, in the vocabulary's order; an enum of Agent steps exactly the step kinds", () => {
    const enums = schemas.flatMap(({ file, schema }) => valuesOf(schema, "enum").map((values) => ({ file, values: values as unknown[] })));
    const ofEvents = enums.filter((e) => e.values.some((v) => typeof v === "string" && EVENT_SHAPE.test(v)));
    expect(ofEvents.length).toBeGreaterThan(0);
    const agentSends = NAMES.filter((n) => Object.values(AGENT_STEP_EVENTS).includes(n));
    // What a Computer announces (the events a wire.computer `heard` step waits for).
    const computerUpdates = eventsFrom("computer").filter((n) => n.startsWith("server:update_"));
    const listOf = (values: readonly unknown[]) => {
      if (values.every((v) => String(v).startsWith("client:"))) return CLIENT_EVENT_NAMES;
      if (values.every((v) => String(v).startsWith("server:update_"))) return computerUpdates;
      return agentSends;
    };
    for (const e of ofEvents) expect(e.values, `vectors/_schema/ops/${e.file}: an enum of events`).toEqual(listOf(e.values));
    const ofSteps = enums.filter((e) => e.values.includes("wait") && e.values.includes("get_tools"));
    expect(ofSteps.length).toBeGreaterThan(0);
    for (const e of ofSteps)
      expect(sorted(e.values as string[]), `vectors/_schema/ops/${e.file}: an enum of steps`).toEqual(sorted(AGENT_STEP_KINDS));
  });

  it("a pattern that admits one event of a prefix admits every event of it", () => {
    const patterns = schemas.flatMap(({ file, schema }) => valuesOf(schema, "pattern").map((p) => ({ file, re: new RegExp(p as string) })));
    const ofEvents = patterns.filter(({ re }) => NAMES.some((n) => re.test(n)));
    expect(ofEvents.length).toBeGreaterThan(3);
    for (const { file, re } of ofEvents)
      for (const prefix of ["client:", "server:", "notify:"]) {
        const of = NAMES.filter((n) => n.startsWith(prefix));
        if (of.some((n) => re.test(n)))
          expect(
            of.filter((n) => !re.test(n)),
            `${file} ${re}`,
          ).toEqual([]);
      }
  });
});

describe("the corpus", () => {
  it("names only defined events in the wire suites (keys and values, input and expected)", () => {
    const named = new Set<string>();
    const walk = (v: unknown): void => {
      if (typeof v === "string" && EVENT_SHAPE.test(v)) named.add(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v !== null && typeof v === "object")
        for (const [k, x] of Object.entries(v)) {
          if (EVENT_SHAPE.test(k)) named.add(k);
          // A `probe` step names an event outside the vocabulary on purpose (wire.computer's probe).
          if (k !== "probe") walk(x);
        }
    };
    const suites = readdirSync(KIT_VECTORS_DIR).filter((d) => d.startsWith("wire-"));
    for (const suite of suites)
      for (const f of readdirSync(join(KIT_VECTORS_DIR, suite)).filter((x) => x.endsWith(".yaml") && x !== "suite.yaml")) {
        const file = parse(readFileSync(join(KIT_VECTORS_DIR, suite, f), "utf8")) as {
          vectors?: Array<{ input?: unknown; expected?: unknown }>;
        };
        for (const v of file.vectors ?? []) walk([v.input, v.expected]);
      }
    expect(named.size).toBeGreaterThan(20);
    expect([...named].filter((n) => !isSmcpEvent(n))).toEqual([]);
  });
});

describe("the reference's handlers", () => {
  it("its Computer handles every client:* event, and listens for exactly the events meant for a Computer", () => {
    expect(sorted(Object.keys(CLIENT_HANDLERS)), "adapters/reference/computer/handlers.ts CLIENT_HANDLERS").toEqual(
      sorted(CLIENT_EVENT_NAMES),
    );
    const listened: string[] = [];
    serveClientEvents(
      { on: (event: string) => listened.push(event) } as unknown as Parameters<typeof serveClientEvents>[0],
      {} as Computer,
    );
    expect(sorted(listened), "adapters/reference/computer/dispatch.ts").toEqual(sorted(eventsTo("computer")));
  });

  it("its Agent sends, for each script step, the vocabulary's event", () => {
    expect(STEP_EVENTS, "adapters/reference/agent/run.ts STEP_EVENTS").toEqual(AGENT_STEP_EVENTS);
    expectTypeOf<AgentStepInput["do"]>().toEqualTypeOf<AgentStepKind>();
  });

  describe("its Server, live: each server:* event answered as defined, and its broadcast heard by the office", () => {
    let server: SmcpServer | undefined;
    const sockets: Socket[] = [];
    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      await server?.close();
    });

    const connect = async (url: string) => {
      const socket = io(`${url}/smcp`, { query: { a2c_version: "0.4.0" }, transports: ["websocket"], reconnection: false, forceNew: true });
      sockets.push(socket);
      const heard: string[] = [];
      socket.onAny((event: string) => heard.push(event));
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      return { socket, heard };
    };
    /** The ack's arguments, or undefined when none came. */
    const ask = (socket: Socket, event: string, payload: unknown, ms: number) =>
      new Promise<unknown[] | undefined>((resolve) =>
        socket.timeout(ms).emit(event, payload, (error: Error | null, ...args: unknown[]) => resolve(error ? undefined : args)),
      );
    const until = async (cond: () => boolean) => {
      for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
    };

    it("joins, updates, cancel, list and leave", async () => {
      server = await openSmcpServer();
      const office = "vocabulary-office";
      const members = { computer: await connect(server.url), agent: await connect(server.url) };
      const names = { computer: "c1", agent: "a1" };
      /** A request of the event's model, from `role`. */
      const requestOf = (event: SmcpEventName, role: "agent" | "computer"): Record<string, unknown> => {
        const model = eventDefinition(event).request;
        if (model === "EnterOfficeReq") return { role, name: names[role], office_id: office };
        if (model === "LeaveOfficeReq") return { office_id: office };
        if (model === "ListRoomReq") return { agent: names.agent, req_id: "r-list", office_id: office };
        if (model === "AgentCallData") return { agent: names.agent, req_id: "r-call" };
        return { computer: names.computer };
      };
      expect(await ask(members.computer.socket, "server:join_office", requestOf("server:join_office", "computer"), 3_000)).toEqual([
        true,
        null,
      ]);
      // Leaving last, so every other event has an office to be heard in.
      const order = [...SERVER_EVENT_NAMES.filter((n) => n !== "server:leave_office"), "server:leave_office" as const];
      for (const event of order) {
        const d = eventDefinition(event);
        const role = d.from.includes("agent") ? "agent" : "computer";
        const other = role === "agent" ? "computer" : "agent";
        const before = members[other].heard.length;
        const args = await ask(members[role].socket, event, requestOf(event, role), d.ack === "none" ? 300 : 3_000);
        if (d.ack === "none") expect(args, `${event}: fire-and-forget`).toBeUndefined();
        else if (d.ack === "ok_tuple") expect(args, event).toEqual([true, null]);
        else expect(modelErrors(d.response as string, args?.[0]), event).toEqual([]);
        if (d.broadcasts) {
          await until(() => members[other].heard.length > before);
          expect(members[other].heard.slice(before), `${event} from the ${role}: the ${other} hears`).toEqual([d.broadcasts]);
        }
      }
    }, 20_000);
  });
});

describe("the kit's scripted Computers", () => {
  it("the Agent scene's answers every client:* event with its response model or a flat 404, and every event an Agent step sends with its model", async () => {
    const prepared = prepareAgentScene({ script: [{ sleep_ms: 1, as: "w" }] });
    if (!prepared.ok) throw new Error(prepared.problem);
    const opened = await openAgentCase("vocabulary", prepared.spec);
    const { origin, searchParams } = new URL(opened.call.url);
    const socket = io(`${origin}/smcp`, {
      query: Object.fromEntries(searchParams),
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      await socket.emitWithAck("server:join_office", { role: "agent", name: "sdk-agent", office_id: opened.call.office_id });
      const stepEvents = new Set<string>(Object.values(AGENT_STEP_EVENTS));
      for (const event of CLIENT_EVENT_NAMES) {
        const answer = await socket
          .timeout(3_000)
          .emitWithAck(event, { agent: "sdk-agent", req_id: `r-${event}`, computer: opened.call.computer_name });
        const errors = modelErrors(CLIENT_RESPONSE_MODELS[event], answer);
        if (stepEvents.has(event)) expect(errors, event).toEqual([]);
        else if (errors.length > 0) expect(answer, event).toMatchObject({ code: 404 });
      }
    } finally {
      socket.disconnect();
      await opened.close();
    }
  }, 20_000);

  it("the Server scene's answers, routed through a Server, are each event's response model or a flat 404", async () => {
    const server = await openSmcpServer();
    try {
      const script = [
        { by: "c", connect: true },
        { by: "a", connect: true },
        { by: "c", send: "server:join_office", office: "A", as: "join_c" },
        { by: "a", send: "server:join_office", office: "A", as: "join_a" },
        ...CLIENT_EVENT_NAMES.map((event) => ({ by: "a", send: event, payload: { computer: { $ref: "client/c/name" } } })),
      ];
      const prepared = prepareServerScene({ clients: { c: { role: "computer" }, a: { role: "agent" } }, script, time_box_ms: 15_000 });
      if (!prepared.ok) throw new Error(prepared.problem);
      const facts = serverFacts(await playServerScene(server.url, prepared.spec, "vocabulary"));
      for (const event of CLIENT_EVENT_NAMES) {
        const step = facts.steps[event.slice("client:".length)];
        expect(step?.acked, event).toBe(true);
        if (step?.shape === "model") expect(modelErrors(CLIENT_RESPONSE_MODELS[event], step.ack), event).toEqual([]);
        else expect(step, event).toMatchObject({ shape: "error_payload", code: 404 });
      }
    } finally {
      await server.close();
    }
  }, 20_000);
});

describe("the SDK adapters' Agent tables (read from their sources)", () => {
  const source = (sdk: string, ...path: string[]) => readFileSync(join(sdkManifest(sdk)!.dir, ...path), "utf8");
  const agentNotices = new Set<string>(eventsTo("agent").filter((n) => n.startsWith("notify:")));

  it("Python: the script steps it accepts and the SDK method per step are the vocabulary's; its handlers record notifications meant for an Agent", () => {
    const text = source("python", "smcp_adapter", "wire_agent.py");
    const dos = [...(text.match(/^_DOS = \(([^)]*)\)/m)?.[1] ?? "").matchAll(/"([a-z_]+)"/g)].map((m) => m[1]!);
    expect(sorted(dos), "adapters/python/smcp_adapter/wire_agent.py _DOS").toEqual(sorted(AGENT_STEP_KINDS));
    const methods = [...(text.match(/^_METHODS = \{([^}]*)\}/m)?.[1] ?? "").matchAll(/"([a-z_]+)":/g)].map((m) => m[1]!);
    expect(sorted(methods), "adapters/python/smcp_adapter/wire_agent.py _METHODS").toEqual(sorted(Object.keys(AGENT_STEP_EVENTS)));
    const recorded = [...text.matchAll(/"event": "((?:client|server|notify):[a-z_]+)"/g)].map((m) => m[1]!);
    expect(recorded.length).toBeGreaterThan(0);
    expect(
      recorded.filter((e) => !agentNotices.has(e)),
      "adapters/python/smcp_adapter/wire_agent.py _Recorder",
    ).toEqual([]);
  });

  it("Rust: the script steps it parses are the vocabulary's; its handlers record notifications meant for an Agent", () => {
    const text = source("rust", "src", "wire_agent.rs");
    const parse = text.slice(text.indexOf('match text(step, "do")?'), text.indexOf("other => return Err"));
    const dos = [...parse.matchAll(/^\s*"([a-z_]+)" => (?:\{|Do::)/gm)].map((m) => m[1]!);
    expect(sorted(dos), "adapters/rust/src/wire_agent.rs parse_step").toEqual(sorted(AGENT_STEP_KINDS));
    const recorded = [...text.matchAll(/self\.model\("((?:client|server|notify):[a-z_]+)"/g)].map((m) => m[1]!);
    expect(recorded.length).toBeGreaterThan(0);
    expect(
      recorded.filter((e) => !agentNotices.has(e)),
      "adapters/rust/src/wire_agent.rs Recorder",
    ).toEqual([]);
  });
});
