/** Automatic assignment of tickets: the attendant's pause, capacity, and the ticket that arrives assigned. */
export const assignmentPt = {
  capacity: "Capacidade (tickets abertos ao mesmo tempo)",
  capacityHint: "Quantos tickets abertos a distribuição automática entrega a este usuário ao mesmo tempo (1 a 1000).",
  available: "Disponível",
  paused: "Pausado",
  pause: "Pausar recebimento de tickets",
  resume: "Retomar recebimento de tickets",
  pausedHint: "Você não recebe tickets automaticamente enquanto estiver pausado.",
  pausedToast: "Recebimento automático pausado.",
  resumedToast: "Recebimento automático retomado.",
  assignedToYou: "Novo ticket atribuído a você: {{name}}",
  capacityColumn: "Capacidade",
};
