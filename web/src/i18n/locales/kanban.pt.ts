/** The kanban board (administration spec §2 Kanban, §8 toasts). */
export const kanbanPt = {
  title: "Kanban",
  subtitle: "Arraste os atendimentos entre as colunas para mudar a etapa.",
  openLane: "Em aberto",
  laneCount: "{{count}} atendimentos",
  laneEmpty: "Nenhum atendimento nesta coluna.",
  empty: "Nenhum atendimento aberto ou pendente nas suas filas.",
  noLanes: "Nenhuma coluna ainda: crie tags com a opção Kanban ativada para organizar os atendimentos.",
  goToTags: "Ir para Tags",
  ticketNumber: "Atendimento #{{id}}",
  noMessage: "Sem mensagens",
  viewTicket: "Ver Ticket",
  tagRemoved: "Ticket Tag Removido!",
  tagAdded: "Ticket Tag Adicionado com Sucesso!",
  a11y: {
    instructions: "Para mover um atendimento, pressione espaço ou enter, use as setas para escolher a coluna e pressione espaço ou enter de novo. Esc cancela.",
    picked: "Atendimento #{{id}} selecionado.",
    over: "Sobre a coluna {{lane}}.",
    dropped: "Atendimento #{{id}} solto na coluna {{lane}}.",
    cancelled: "Movimento do atendimento #{{id}} cancelado.",
  },
};
