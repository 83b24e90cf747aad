/** Text for an HTML page the server renders itself (dev sign-in, local checkout and document, outbox, unsubscribe). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}
