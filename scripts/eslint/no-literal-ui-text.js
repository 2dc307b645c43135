/**
 * canopy/no-literal-ui-text (issue 26): in a converted file every word a person reads comes from
 * the message files (locales/), so a language switch changes all of it. Flags JSX text with a
 * letter in it, a string literal as a JSX child, and literal `aria-label`, `aria-roledescription`,
 * `aria-description`, `aria-valuetext`, `placeholder`, `title`,
 * `alt` and `label` props. Text without letters (punctuation, "·", numbers) is allowed, as are the
 * words in the `allow` option (brand names).
 */
const PROPS = new Set([
  'aria-label',
  'aria-roledescription',
  'aria-description',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
]);
const LETTER = /\p{L}/u;

export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the message files, not from literals' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'Literal UI text "{{text}}": put it in locales/en/<namespace>.json and render t(key)',
      prop: 'Literal {{prop}} "{{text}}": put it in locales/en/<namespace>.json and pass t(key)',
    },
  },
  create(context) {
    const allow = new Set(context.options[0]?.allow ?? []);
    const visible = (text) => {
      const trimmed = text.trim();
      return LETTER.test(trimmed) && !allow.has(trimmed);
    };
    const short = (text) => text.trim().replace(/\s+/g, ' ').slice(0, 40);
    /** A string the expression always is, when it is one: 'x', `x` without ${}. */
    const literalString = (node) => {
      if (!node) return null;
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
        return node.quasis.map((q) => q.value.cooked ?? '').join('');
      return null;
    };
    return {
      JSXText(node) {
        if (visible(node.value))
          context.report({ node, messageId: 'text', data: { text: short(node.value) } });
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const text = literalString(node.expression);
        if (text !== null && visible(text))
          context.report({ node, messageId: 'text', data: { text: short(text) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !PROPS.has(name) || !node.value) return;
        const text =
          node.value.type === 'Literal'
            ? literalString(node.value)
            : node.value.type === 'JSXExpressionContainer'
              ? literalString(node.value.expression)
              : null;
        if (text !== null && visible(text))
          context.report({ node, messageId: 'prop', data: { prop: name, text: short(text) } });
      },
    };
  },
};
