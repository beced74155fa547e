// No import circle in a folder tree (the renderer's floors, docs/development.md "Who owns what"): a file
// that imports, directly or through others, a file that imports it back is reported at the import that
// closes the circle, with the circle spelled out. A circle makes the order in which modules run depend
// on which one is imported first, and it is a sign that two jobs share a room.
//
// The one pattern allowed is zustand's slices: the store imports each slice to build itself, and a
// slice imports the store's types back (`import type`, erased before anything runs). The option
// `typeOnlyInto` names the files such a type-only import may point at; every other type-only import
// counts as an edge like any import, so two files cannot lean on each other's types either.
//
// The graph is read from disk once a lint run (relative specifiers of import, export-from and
// import() resolved to .ts, .tsx or index files), and the linted file's own edges from its source, so
// a file being edited is checked as it stands.
import fs from 'node:fs';
import path from 'node:path';

const extensions = ['.ts', '.tsx'];

/** The file a relative specifier names, or null (a package, a stylesheet, a file not there). */
function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [
    base,
    ...extensions.map((ext) => base + ext),
    ...extensions.map((ext) => path.join(base, 'index' + ext)),
  ]) {
    if (
      extensions.includes(path.extname(candidate)) &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile()
    )
      return candidate;
  }
  return null;
}

/** Every .ts and .tsx file under a folder. */
function sourceFiles(folder) {
  const found = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (extensions.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

const importPattern =
  /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A file's imports read from its text: `{ target, isTypeOnly }` for each relative one. */
function importsOfText(file, text) {
  const edges = [];
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[3] ?? match[4];
    const target = resolveSpecifier(file, specifier);
    if (target) edges.push({ target, isTypeOnly: Boolean(match[2]) });
  }
  return edges;
}

/** The graph of a folder tree, once a lint run (a run lints every file; the graph does not change). */
const graphs = new Map();

function graphOf(folder) {
  let graph = graphs.get(folder);
  if (!graph) {
    graph = new Map();
    for (const file of sourceFiles(folder))
      graph.set(file, importsOfText(file, fs.readFileSync(file, 'utf8')));
    graphs.set(folder, graph);
  }
  return graph;
}

/** A path of files from `from` back to `to` through the graph, or null. */
function pathBack(graph, from, to, counts) {
  const seen = new Set();
  const walk = (file, trail) => {
    if (file === to) return trail;
    if (seen.has(file)) return null;
    seen.add(file);
    for (const edge of graph.get(file) ?? []) {
      if (!counts(file, edge)) continue;
      const found = walk(edge.target, [...trail, edge.target]);
      if (found) return found;
    }
    return null;
  };
  return walk(from, [from]);
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'Refuses an import circle in a folder tree, but for type-only imports into named files.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          folder: { type: 'string' },
          typeOnlyInto: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'folder'],
        additionalProperties: false,
      },
    ],
    messages: { circle: 'Import circle: {{circle}}. Move what both need into a file below both.' },
  },
  create(context) {
    const { root, folder, typeOnlyInto = [] } = context.options[0];
    const treeRoot = path.resolve(root, folder);
    const file = path.resolve(context.filename);
    if (!file.startsWith(treeRoot + path.sep)) return {};
    const allowedInto = new Set(typeOnlyInto.map((entry) => path.resolve(root, entry)));
    const counts = (_from, edge) => !(edge.isTypeOnly && allowedInto.has(edge.target));
    const relative = (entry) => path.relative(root, entry).split(path.sep).join('/');

    /** Checks one import of the linted file: does its target lead back here? */
    function check(node, specifier, isTypeOnly) {
      const target = resolveSpecifier(file, specifier);
      if (!target || !target.startsWith(treeRoot + path.sep)) return;
      if (!counts(file, { target, isTypeOnly })) return;
      const graph = graphOf(treeRoot);
      const trail = pathBack(graph, target, file, counts);
      if (trail)
        context.report({
          node,
          messageId: 'circle',
          data: { circle: [file, ...trail].map(relative).join(' -> ') },
        });
    }

    return {
      ImportDeclaration(node) {
        const isTypeOnly =
          node.importKind === 'type' ||
          (node.specifiers.length > 0 &&
            node.specifiers.every((specifier) => specifier.importKind === 'type'));
        check(node, node.source.value, isTypeOnly);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value, node.exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node, node.source.value, node.exportKind === 'type');
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string')
          check(node, node.source.value, false);
      },
    };
  },
};
