import type { assignmentPt } from "./assignment.pt";

export const assignmentEs: typeof assignmentPt = {
  capacity: "Capacidad (tickets abiertos a la vez)",
  capacityHint: "Cuántos tickets abiertos la asignación automática entrega a este usuario a la vez (1 a 1000).",
  available: "Disponible",
  paused: "En pausa",
  pause: "Pausar la recepción de tickets",
  resume: "Reanudar la recepción de tickets",
  pausedHint: "No recibe tickets automáticamente mientras esté en pausa.",
  pausedToast: "Asignación automática en pausa.",
  resumedToast: "Asignación automática reanudada.",
  assignedToYou: "Nuevo ticket asignado a usted: {{name}}",
  capacityColumn: "Capacidad",
};
