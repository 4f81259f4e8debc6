import { allowedTexts, userFacingAttributes } from "./literal-text-exceptions.js";

const LETTER = /\p{L}/u;
const allowed = new Set(allowedTexts);
const attributes = new Set(userFacingAttributes);

function isProse(text) {
  const trimmed = text.trim();
  return LETTER.test(trimmed) && !allowed.has(trimmed);
}

function literalText(node) {
  if (!node) return null;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral") return node.quasis.map((quasi) => quasi.value.cooked ?? "").join(" ");
  return null;
}

/**
 * Reports text a person reads that is written into JSX instead of coming from the catalogue:
 * JSX text, a string in braces as a child, and the string value of a user-facing attribute
 * (aria-label, placeholder, title, alt, label…). Exceptions live in literal-text-exceptions.js.
 */
export default {
  meta: {
    type: "problem",
    docs: { description: "User-facing text in JSX comes from the catalogue through t()" },
    messages: { literal: 'Text "{{text}}" is written into JSX: give it a key in app/locales and show it with t().' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: "literal", data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (isProse(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === "JSXAttribute") return;
        const text = literalText(node.expression);
        if (text !== null && isProse(text)) report(node, text);
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXNamespacedName" ? `${node.name.namespace.name}:${node.name.name.name}` : node.name.name;
        if (!attributes.has(name) || !node.value) return;
        const text = node.value.type === "JSXExpressionContainer" ? literalText(node.value.expression) : literalText(node.value);
        if (text !== null && isProse(text)) report(node, text);
      },
    };
  },
};
