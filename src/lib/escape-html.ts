/**
 * The project's one HTML escape, for the rare HTML built as a string (settings filled into
 * rendered Markdown). Pages and e-mails are rendered by Astro and React, which escape
 * everything themselves; never build e-mail HTML by hand.
 */
const SPECIALS: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => SPECIALS[c]!);
}
