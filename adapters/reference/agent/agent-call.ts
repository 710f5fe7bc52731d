/**
 * The `wire.agent` call and its answer (vectors/_schema/ops/wire.agent.json, harness/wire/README.md
 * §The Agent under test). Only the shapes; run.ts does the work.
 */
export interface AgentStepInput {
  readonly do:
    | "get_tools"
    | "get_config"
    | "get_desktop"
    | "list_room"
    | "tool_call"
    | "put_blob"
    | "get_skill"
    | "get_blob"
    | "leave"
    | "wait";
  readonly as: string;
  readonly computer?: string;
  readonly tool_name?: string;
  readonly params?: Readonly<Record<string, unknown>>;
  readonly timeout_s?: number;
  readonly ms?: number;
  /** put_blob: what to upload as UTF-8 text, the chunk size asked for, the name suggested. */
  readonly text?: string;
  readonly chunk_size?: number;
  readonly name_hint?: string;
  /** get_skill: the SKILL and the file in it; get_blob: the handle and where the chunk starts. */
  readonly name?: string;
  readonly rel_path?: string;
  readonly blob_handle?: string;
  readonly chunk_offset?: number;
}

export interface WireAgentInput {
  readonly url: string;
  readonly office_id: string;
  readonly agent_name: string;
  readonly computer_name: string;
  readonly script: readonly AgentStepInput[];
  readonly time_box_ms: number;
}

export interface StepAnswer {
  readonly as: string;
  readonly outcome: "ok" | "error" | "unsupported" | "skipped";
  readonly value?: unknown;
  readonly error?: { readonly type: string; readonly code: number | null; readonly message: string; readonly reason?: string | null };
  readonly reason?: string;
}

export interface WireAgentOutput {
  readonly joined: boolean;
  readonly join_error: string | null;
  readonly steps: readonly StepAnswer[];
  readonly notifications: ReadonlyArray<{ readonly event: string; readonly data: unknown }>;
  readonly elapsed_ms: number;
  /** At stage connect a 4008 refusal adds the version error's fields (version-error.ts). */
  readonly raised: {
    readonly type: string;
    readonly message: string;
    readonly version_error?: boolean;
    readonly server_version?: unknown;
    readonly client_version?: unknown;
  } | null;
  readonly stage: "connect" | "join" | "script" | "close" | null;
}
