// Which runtime folder may import what (../shared/STYLE.md, "Layout" and "Import rules").
//
// Every module specifier of a file (import, export-from, import(), require(), import x = require(),
// the type `import('…')` and `/// <reference types|path>`) is resolved first: a relative or absolute
// specifier becomes a repo-relative path (src-shared/wire/common), so the check never depends on how
// many `../` it takes to get there; a bare specifier is a package, named by its package name (node:fs,
// typebox, @napi-rs/keyring). The file's runtime folder is the first entry of the `folders` option
// whose `files` globs match the file; the target must match one of that folder's `paths` globs or
// `packages` names, else it is reported with what the folder may import. An allow-list, not a deny
// list: a new package or folder is refused until someone says which runtime it belongs to.
//
// A file under a top-level `src-*` folder that no entry claims is reported too, so a new runtime
// folder cannot slip past the table. Files elsewhere (test/, scripts/, config) are not checked.
import path from 'node:path';

/**
 * A glob as a RegExp: `**` spans folders, `*` stays within one, and a trailing `/**` also matches the
 * folder itself (`src-shared/wire/**` matches the specifier `../src-shared/wire`).
 */
function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    if (glob.startsWith('/**', i) && i + 3 === glob.length) {
      source += '(?:/.*)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (glob[i] === '*') {
      source += '[^/]*';
    } else {
      source += glob[i].replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

const sourceExtension = /\.(?:d\.ts|ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** The package a bare specifier names: `node:fs/promises` -> `node:fs`, `@a/b/c` -> `@a/b`, `x/y` -> `x`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function toPosix(file) {
  return file.split(path.sep).join('/');
}

/** What a folder may import, in words: `src-shared/**; the packages node:*, undici`. */
function describeAllowed(folder) {
  const packages = folder.packages.length
    ? [`the package${folder.packages.length > 1 ? 's' : ''} ${folder.packages.join(', ')}`]
    : [];
  return [...folder.paths, ...packages].join('; ') || 'nothing';
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: {
      description: 'Each runtime folder imports only what its allow-list names (STYLE.md, "Import rules").',
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['folders'],
        properties: {
          root: { type: 'string', description: 'The folder files are named from; default: ESLint cwd.' },
          folders: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name', 'files', 'paths', 'packages'],
              properties: {
                name: { type: 'string', description: 'How messages name the folder.' },
                files: { type: 'array', items: { type: 'string' }, minItems: 1 },
                paths: { type: 'array', items: { type: 'string' } },
                packages: { type: 'array', items: { type: 'string' } },
                because: { type: 'string' },
              },
            },
          },
        },
      },
    ],
    messages: {
      notAllowed: "{{folder}} may import only {{allowed}}: '{{specifier}}' is {{target}}.{{because}}",
      notStatic:
        '{{folder}} may import only {{allowed}}: a specifier that is not a string literal cannot be checked.',
      unclaimed:
        '{{file}} is in no runtime folder of the boundaries table (eslint.config.js): ' +
        'add its folder and say what it may import.',
    },
  },

  create(context) {
    const [{ root = context.cwd, folders }] = context.options;
    const file = toPosix(path.relative(root, context.filename));
    if (file.startsWith('../') || path.isAbsolute(file)) return {};

    const folder = folders.find((entry) => entry.files.some((glob) => globToRegExp(glob).test(file)));
    if (!folder) {
      if (!/^src-[^/]+\//.test(file)) return {};
      return {
        Program(node) {
          context.report({ node, messageId: 'unclaimed', data: { file } });
        },
      };
    }

    const pathGlobs = folder.paths.map(globToRegExp);
    const packageGlobs = folder.packages.map(globToRegExp);
    const data = { folder: folder.name, allowed: describeAllowed(folder) };
    const because = folder.because ? ` ${folder.because}` : '';
    const here = path.posix.dirname(file);

    /** What `specifier` names, or undefined when the folder may import it. */
    function refusedTarget(specifier) {
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const bare = specifier.replace(/[?#].*$/, '');
        const resolved = specifier.startsWith('/')
          ? toPosix(path.relative(root, bare))
          : path.posix.normalize(path.posix.join(here, bare));
        const target = resolved.replace(sourceExtension, '');
        if (target.startsWith('../')) return 'outside the repository';
        return pathGlobs.some((glob) => glob.test(target)) ? undefined : target;
      }
      const name = packageName(specifier);
      if (packageGlobs.some((glob) => glob.test(name))) return undefined;
      return name.startsWith('node:') ? `the Node built-in ${name}` : `the package ${name}`;
    }

    /** Reports `specifier`, written at `where` (`{ node }` or `{ loc }`), unless the folder may import it. */
    function check(where, specifier) {
      const target = refusedTarget(specifier);
      if (target === undefined) return;
      context.report({ ...where, messageId: 'notAllowed', data: { ...data, specifier, target, because } });
    }

    /** Checks a specifier node, which must be a string: a literal, or a template without expressions. */
    function checkSpecifier(node) {
      if (!node) return;
      if (node.type === 'Literal' && typeof node.value === 'string') {
        check({ node }, node.value);
      } else if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
        check({ node }, node.quasis[0].value.cooked);
      } else {
        context.report({ node, messageId: 'notStatic', data });
      }
    }

    return {
      ImportDeclaration: (node) => checkSpecifier(node.source),
      ExportNamedDeclaration: (node) => checkSpecifier(node.source),
      ExportAllDeclaration: (node) => checkSpecifier(node.source),
      ImportExpression: (node) => checkSpecifier(node.source),
      TSImportEqualsDeclaration(node) {
        const reference = node.moduleReference;
        if (reference.type === 'TSExternalModuleReference') checkSpecifier(reference.expression);
      },
      TSImportType(node) {
        // typescript-estree 8: `argument` is a TSLiteralType wrapping the string literal.
        const argument = node.argument;
        checkSpecifier(argument && argument.type === 'TSLiteralType' ? argument.literal : argument);
      },
      CallExpression(node) {
        const { callee, arguments: args } = node;
        if (callee.type === 'Identifier' && callee.name === 'require' && args.length > 0) {
          checkSpecifier(args[0]);
        }
      },
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const reference = /^\/\s*<reference\s+(types|path)\s*=\s*["']([^"']+)["']/.exec(comment.value);
          if (comment.type !== 'Line' || !reference) continue;
          const [, kind, value] = reference;
          check({ loc: comment.loc }, kind === 'path' && !value.startsWith('.') ? `./${value}` : value);
        }
      },
    };
  },
};
