/** Text shown as a ticket's last message for a message without text. */
export function previewOf(m: { body: string; mediaType?: string | null; mediaName?: string | null }) {
  if (m.body) return m.mediaType === "locationMessage" ? m.body.split("|")[2] || "📍" : m.body.slice(0, 500);
  if (m.mediaType === "call_log") return "📞";
  return m.mediaName ?? m.mediaType ?? "";
}
