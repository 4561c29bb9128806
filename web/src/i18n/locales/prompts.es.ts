import type { promptsPt } from "./prompts.pt";

export const promptsEs: typeof promptsPt = {
  title: "Prompts",
  add: "Agregar prompt",
  search: "Buscar prompt",
  empty: "No hay prompts. Cree uno para que la IA atienda sus colas y conexiones.",
  loadingMore: "Cargando más prompts…",
  saved: "Prompt guardado.",
  /** The server's answer to DELETE /prompt/:id ("Prompt deleted"), shown as an info toast. */
  deleted: "Prompt eliminado.",
  editAction: "Editar {{name}}",
  /** Under a customer's audio in the ticket: what the AI heard. */
  transcript: "Transcripción: {{text}}",
  deleteAction: "Eliminar {{name}}",
  columns: { name: "Nombre", queue: "Sector", maxTokens: "Máximo de tokens en la respuesta", actions: "Acciones" },
  dialog: {
    addTitle: "Agregar prompt",
    editTitle: "Editar prompt",
    name: "Nombre",
    prompt: "Prompt",
    promptHint: "Instrucciones de la IA. Para pasar al cliente a un agente, pídale que responda #transferir en una línea aparte.",
    queue: "Sector",
    apiKey: "Clave de la API",
    keyStored: "Clave guardada: {{last4}}. Déjela en blanco para mantenerla.",
    baseUrl: "Dirección de la API (opcional)",
    baseUrlHint: "Cualquier API compatible con OpenAI; en blanco, la oficial.",
    model: "Modelo (opcional)",
    maxTokens: "Máximo de tokens en la respuesta",
    temperature: "Temperatura",
    maxMessages: "Máximo de mensajes en el historial",
    voice: "Voz",
    textOnly: "Texto",
    voiceKey: "Clave de la voz",
    voiceRegion: "Región de la voz",
  },
};
