/** A message as one line of plain text, for the session list: Markdown's marks go, the words stay. */
export function messagePreview(markdown: string, maxChars = 300): string {
  return (
    markdown
      // Only the start is shown; a long reply is not worth scanning whole.
      .slice(0, maxChars * 2)
      .replace(/^\s*(```|~~~).*$/gm, "")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
      .replace(/(\*\*|\*|~~|`+)(?=\S)([^\n]*?\S)\1/g, "$2")
      // Underscores mark emphasis only between non-word characters (snake_case stays as it is).
      .replace(/(^|\W)(__?)(?=\S)([^\n]*?\S)\2(?=\W|$)/g, "$1$3")
      .replace(/\s+/g, " ")
      .trimStart()
      .slice(0, maxChars)
      .trim()
  );
}
