/**
 * Copies text and says honestly whether it worked. The Clipboard API exists only on secure
 * pages (HTTPS or localhost), and a self-hosted copy is often served over plain HTTP: there, or
 * when the API refuses, a selected hidden textarea and the older copy command are tried.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): the older way may still be allowed.
    }
  }
  return copyWithSelection(text);
}

function copyWithSelection(text: string) {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.top = "0";
  field.style.opacity = "0";
  // Inside an open modal dialog the rest of the page is inert and cannot be selected.
  (focused?.closest("dialog") ?? document.body).append(field);
  field.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    field.remove();
    focused?.focus();
  }
}
