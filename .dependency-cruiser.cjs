/**
 * The layering of harness/, checked in `npm test` (npm run lint:deps). Layers, bottom to top; a
 * folder may import its own layer's folders and any lower layer, never a higher one. The order is
 * written down in harness/README.md; keep the two in step.
 */
const LAYERS = [
  ["util"],
  ["model"],
  ["corpus", "protocol", "bootstrap", "generators"],
  ["driver", "transport", "wire", "live", "diff", "expectations", "export"],
  ["report", "impl"],
  ["run", "fuzz", "audit", "lint"],
  ["generate"],
  ["commands"],
  ["cli"],
];

const folders = (layers) => `^harness/(${layers.flat().join("|")})/`;

/** For each layer: no import of any folder above it. */
const layering = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.join("-")}`,
  comment: `harness/{${layer.join(",")}} sits below ${LAYERS.slice(i + 1).flat().join(", ")}: it must not import them`,
  severity: "error",
  from: { path: folders([layer]) },
  to: { path: folders(LAYERS.slice(i + 1)) },
}));

/** Within a layer, a folder may import only the folders listed before it, so same-layer folders never import each other both ways. */
const sameLayerOneWay = LAYERS.flatMap((layer) =>
  layer.flatMap((a, i) =>
    layer.slice(i + 1).map((b) => ({
      name: `no-mutual-${a}-${b}`,
      comment: `within a layer a folder imports only folders listed before it: harness/${a} must not import harness/${b}`,
      severity: "error",
      from: { path: `^harness/${a}/` },
      to: { path: `^harness/${b}/` },
    })),
  ),
);

module.exports = {
  forbidden: [
    ...layering,
    ...sameLayerOneWay,
    {
      name: "no-circular",
      comment: "no import cycles anywhere in the kit",
      severity: "error",
      from: { path: "^(harness|adapters/reference|bench)/" },
      to: { circular: true },
    },
    {
      name: "reference-through-its-entry-points",
      comment: "the harness reaches the reference library only through src/index.ts, and the reference adapter through operations.ts / hello.ts",
      severity: "error",
      from: { path: "^harness/" },
      to: { path: "^adapters/reference/", pathNot: "^adapters/reference/(src/index|operations|hello)\\.ts$" },
    },
    {
      name: "judging-without-the-reference",
      comment:
        "what loads, hashes, runs and judges a corpus never imports an implementation: mutation testing mutates the reference, and the judge must not change with it",
      severity: "error",
      from: { path: "^harness/(util|model|corpus|protocol|driver|wire|diff|expectations|run|report)/" },
      to: { path: "^adapters/" },
    },
    {
      name: "reference-is-standalone",
      comment: "the reference implementation is a library of its own: it never imports the harness",
      severity: "error",
      from: { path: "^adapters/reference/" },
      to: { path: "^(harness|bench|tests)/" },
    },
    {
      name: "not-to-tests",
      comment: "production code never imports test code",
      severity: "error",
      from: { path: "^(harness|adapters|bench|bin)/" },
      to: { path: "^tests/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|reports|\\.scratch)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".json"] },
  },
};
