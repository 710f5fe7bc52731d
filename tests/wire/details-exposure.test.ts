import { describe, expect, it } from "vitest";
import { detailsExposure, errorDetailsOf } from "../../harness/wire/details-exposure.ts";

describe("detailsExposure: what an Agent-facing error's details disclose", () => {
  it("finds an address, a port, a stack trace and a local path, by pointer", () => {
    const details = {
      upstream: "connect ECONNREFUSED 127.0.0.1:40111",
      where: "localhost:8080",
      trace: 'Traceback (most recent call last):\n  File "/srv/a.py", line 3, in f',
      node: "Error: boom\n    at f (/app/x.js:1:2)",
      resolved: "/tmp/smcp-skills/kit-skill/etc/hostname",
      list: ["C:\\Users\\me\\.skillenv"],
    };
    expect(detailsExposure(details, { rel_path: "../../etc/hostname" })).toEqual([
      "address at /upstream",
      "address at /where",
      "stack_trace at /trace",
      "local_path at /trace",
      "stack_trace at /node",
      "local_path at /resolved",
      "local_path at /list/0",
    ]);
  });

  it("finds database connection information: a database URL, a URL with a password, a key=value DSN", () => {
    const details = {
      url: "store unreachable: postgresql://reader:pw@inventory-db.internal:5432/inventory",
      mongo: "mongodb+srv://cluster0.example.net/app",
      creds: "https://svc:hunter2@api.example.net/v1",
      dsn: "host=db.internal port=5432 dbname=inventory user=reader",
    };
    expect(detailsExposure(details, {})).toEqual(["database at /url", "database at /mongo", "database at /creds", "database at /dsn"]);
    expect(detailsExposure({ uri: "window://com.example.inventory/stock", reason: "not_found" }, {})).toEqual([]);
  });

  it("does not count what the Agent itself sent, nor harmless details", () => {
    expect(detailsExposure({ blob_handle: "/etc/hostname", reason: "not_found" }, { blob_handle: "/etc/hostname" })).toEqual([]);
    expect(detailsExposure({ reason: "traversal", rel_path: "scripts/../x", total_size: 12 }, {})).toEqual([]);
  });

  it("reads the details of a flat ErrorPayload or a wrapped one, nothing else", () => {
    expect(errorDetailsOf({ code: 4017, message: "m", details: { a: 1 } })).toEqual({ a: 1 });
    expect(errorDetailsOf({ error: { code: 4017, message: "m", details: { b: 2 } } })).toEqual({ b: 2 });
    expect(errorDetailsOf({ tools: [] })).toBeUndefined();
  });
});
