// One vocabulary (docs/decisions/080-who-owns-what.md): the code says `ack` for a clerk's accept or
// reject and `response` for what HTTP returns, never `answer`. Every name the code declares or uses (a
// variable, parameter, function, class, type, interface, enum, property, import, JSX name or label)
// that holds "answer" in any case is reported, except the field names already stored on clerks' disks,
// which keep theirs (renaming them would rewrite every stored row): the `stored` option lists them.
// Words in comments and strings are prose and are not checked.

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'New names say ack (or response), never answer; stored field names keep theirs.' },
    schema: [
      {
        type: 'object',
        properties: { stored: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      answer:
        '"{{name}}" says answer: new names say ack for a clerk\'s accept or reject (response for what HTTP ' +
        "returns). Only the field names stored on clerks' disks keep answer ({{stored}}): docs/decisions/080.",
    },
  },
  create(context) {
    const stored = new Set(context.options[0]?.stored ?? []);
    const storedList = [...stored].join(', ') || 'none';
    const seen = new Set();
    const check = (node, name) => {
      if (!/answer/i.test(name) || stored.has(name)) return;
      // One report per place, even where two visitors see the same name (a shorthand property).
      const key = `${node.range[0]}:${name}`;
      if (seen.has(key)) return;
      seen.add(key);
      context.report({ node, messageId: 'answer', data: { name, stored: storedList } });
    };
    return {
      Identifier: (node) => check(node, node.name),
      PrivateIdentifier: (node) => check(node, node.name),
      JSXIdentifier: (node) => check(node, node.name),
    };
  },
};
