/**
 * `version.check` inputs: a server version and the client's a2c_version derived from it: equal,
 * another PATCH, MINOR or MAJOR one step up or down (across 0.x and 1.x), not sent, empty, or a
 * near-version the parse rule leaves open: -dev / +build suffixes, leading zeros, spaces, a sign,
 * '_', non-ASCII digits, two or four parts, a leading 'v', numbers past 64 bits.
 */
import fc, { type Arbitrary } from "fast-check";
import type { JsonObject } from "../../adapters/reference/src/index.ts";

type Parts = readonly [number, number, number];

const SERVERS: Parts[] = [
  [0, 4, 0],
  [0, 2, 0],
  [0, 3, 0],
  [1, 0, 0],
  [1, 2, 0],
];

const CLIENT_FORMS = [
  "same",
  "same",
  "patch",
  "patch",
  "minor-up",
  "minor-down",
  "major-up",
  "major-down",
  "absent",
  "empty",
  "dev",
  "build",
  "leading-zero",
  "space-before",
  "space-after",
  "plus",
  "minus",
  "underscore",
  "arabic-digits",
  "two-parts",
  "four-parts",
  "v-prefix",
  "huge-major",
  "huge-patch",
  "word",
] as const;
type ClientForm = (typeof CLIENT_FORMS)[number];

const ARABIC = "٠١٢٣٤٥٦٧٨٩";
const text = ([a, b, c]: Parts) => `${a}.${b}.${c}`;

/** The client value for a form, or undefined when the parameter is not sent. */
function clientFor(server: Parts, form: ClientForm, step: number): string | undefined {
  const [major, minor, patch] = server;
  switch (form) {
    case "same":
      return text(server);
    case "patch":
      return text([major, minor, patch + step]);
    case "minor-up":
      return text([major, minor + step, 0]);
    case "minor-down":
      return text([major, Math.max(0, minor - step), patch]);
    case "major-up":
      return text([major + 1, minor, patch]);
    case "major-down":
      return text([Math.max(0, major - 1), minor, patch]);
    case "absent":
      return undefined;
    case "empty":
      return "";
    case "dev":
      return `${text(server)}-dev`;
    case "build":
      return `${text(server)}+build.${step}`;
    case "leading-zero":
      return `0${major}.0${minor}.${patch}`;
    case "space-before":
      return ` ${text(server)}`;
    case "space-after":
      return `${text(server)} `;
    case "plus":
      return `+${text(server)}`;
    case "minus":
      return `-${text(server)}`;
    case "underscore":
      return `${major}.${minor}.1_${patch}`;
    case "arabic-digits":
      return [major, minor, patch].map((n) => [...String(n)].map((d) => ARABIC[Number(d)]).join("")).join(".");
    case "two-parts":
      return `${major}.${minor}`;
    case "four-parts":
      return `${text(server)}.${step}`;
    case "v-prefix":
      return `v${text(server)}`;
    case "huge-major":
      return `99999999999999999999.${minor}.${patch}`;
    case "huge-patch":
      return `${major}.${minor}.99999999999999999999`;
    case "word":
      return "abc";
  }
}

export function versionCheckInput(): Arbitrary<JsonObject> {
  const server = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SERVERS) },
    { weight: 2, arbitrary: fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 12 }), fc.nat({ max: 30 })) },
  );
  return fc.tuple(server, fc.constantFrom(...CLIENT_FORMS), fc.integer({ min: 1, max: 3 })).map(([parts, form, step]): JsonObject => {
    const client = clientFor(parts, form, step);
    return client === undefined ? { server: text(parts) } : { client, server: text(parts) };
  });
}
