import type { kanbanPt } from "./kanban.pt";

export const kanbanEs: typeof kanbanPt = {
  title: "Kanban",
  subtitle: "Arrastre las atenciones entre las columnas para cambiar la etapa.",
  openLane: "Abiertos",
  laneCount: "{{count}} atenciones",
  laneEmpty: "Ninguna atención en esta columna.",
  empty: "Ninguna atención abierta o pendiente en sus colas.",
  noLanes: "Aún no hay columnas: cree etiquetas con la opción Kanban activada para organizar las atenciones.",
  goToTags: "Ir a Etiquetas",
  ticketNumber: "Atención #{{id}}",
  noMessage: "Sin mensajes",
  viewTicket: "Ver ticket",
  tagRemoved: "¡Etiqueta del ticket eliminada!",
  tagAdded: "¡Etiqueta del ticket agregada con éxito!",
  a11y: {
    instructions: "Para mover una atención, presione espacio o enter, use las flechas para elegir la columna y presione espacio o enter de nuevo. Esc cancela.",
    picked: "Atención #{{id}} seleccionada.",
    over: "Sobre la columna {{lane}}.",
    dropped: "Atención #{{id}} soltada en la columna {{lane}}.",
    cancelled: "Se canceló el movimiento de la atención #{{id}}.",
  },
};
