/** The users screen (administration §2, §7 Users) and the user modal's add mode. */
export const usersPt = {
  title: "Usuários",
  add: "Adicionar usuário",
  addTitle: "Adicionar usuário",
  search: "Pesquisar",
  empty: "Nenhum usuário encontrado.",
  loadingMore: "Carregando mais…",
  deleted: "Usuário excluído com sucesso!",
  deleteTitle: "Excluir {{name}}?",
  editAction: "Editar usuário {{name}}",
  deleteAction: "Excluir usuário {{name}}",
  online: "Online",
  offline: "Offline",
  columns: { name: "Nome", email: "E-mail", profile: "Perfil", status: "Status", actions: "Ações" },
};

/** The tags screen and its dialog (administration §2 Tags, §5). */
export const tagsPt = {
  title: "Tags",
  add: "Adicionar tag",
  search: "Pesquisar",
  empty: "Nenhuma tag encontrada. Crie tags para organizar seus atendimentos.",
  loadingMore: "Carregando mais…",
  saved: "Tag salva com sucesso!",
  deleted: "Tag excluída com sucesso!",
  editAction: "Editar tag {{name}}",
  deleteAction: "Excluir tag {{name}}",
  columns: { name: "Nome", tickets: "Atendimentos", actions: "Ações" },
  dialog: {
    addTitle: "Adicionar tag",
    editTitle: "Editar tag",
    name: "Nome",
    color: "Cor",
    colorHint: "Escolha uma cor sugerida, use o seletor ou digite o valor hexadecimal.",
    pickColor: "Escolher cor",
    palette: "Cores sugeridas",
    customColor: "Outra cor",
    kanban: "Kanban",
    kanbanHint: "Mostra esta tag como uma coluna do Kanban.",
  },
};
