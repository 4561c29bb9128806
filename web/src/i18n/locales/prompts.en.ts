import type { promptsPt } from "./prompts.pt";

export const promptsEn: typeof promptsPt = {
  title: "Prompts",
  add: "Add prompt",
  search: "Search prompt",
  empty: "No prompts. Create one so the AI answers your queues and connections.",
  loadingMore: "Loading more prompts…",
  saved: "Prompt saved.",
  /** The server's answer to DELETE /prompt/:id ("Prompt deleted"), shown as an info toast. */
  deleted: "Prompt deleted.",
  editAction: "Edit {{name}}",
  /** Under a customer's audio in the ticket: what the AI heard. */
  transcript: "Transcript: {{text}}",
  deleteAction: "Delete {{name}}",
  columns: { name: "Name", queue: "Queue", maxTokens: "Max tokens in the reply", actions: "Actions" },
  dialog: {
    addTitle: "Add prompt",
    editTitle: "Edit prompt",
    name: "Name",
    prompt: "Prompt",
    promptHint: "The AI's instructions. To hand the customer to an attendant, ask it to answer #transferir on a line of its own.",
    queue: "Queue",
    apiKey: "API key",
    keyStored: "Stored key: {{last4}}. Leave empty to keep it.",
    baseUrl: "API address (optional)",
    baseUrlHint: "Any OpenAI-compatible API; empty means the official one.",
    model: "Model (optional)",
    maxTokens: "Max tokens in the reply",
    temperature: "Temperature",
    maxMessages: "Max messages in the history",
    voice: "Voice",
    textOnly: "Text",
    voiceKey: "Voice key",
    voiceRegion: "Voice region",
  },
};
