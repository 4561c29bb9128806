import type { tagsPt, usersPt } from "./usersTags.pt";

export const usersEs: typeof usersPt = {
  title: "Usuarios",
  add: "Agregar usuario",
  addTitle: "Agregar usuario",
  search: "Buscar",
  empty: "No se encontraron usuarios.",
  loadingMore: "Cargando más…",
  deleted: "¡Usuario eliminado con éxito!",
  deleteTitle: "¿Eliminar a {{name}}?",
  editAction: "Editar usuario {{name}}",
  deleteAction: "Eliminar usuario {{name}}",
  online: "En línea",
  offline: "Desconectado",
  columns: { name: "Nombre", email: "Correo electrónico", profile: "Perfil", status: "Estado", actions: "Acciones" },
};

export const tagsEs: typeof tagsPt = {
  title: "Etiquetas",
  add: "Agregar etiqueta",
  search: "Buscar",
  empty: "No se encontraron etiquetas. Cree etiquetas para organizar sus atenciones.",
  loadingMore: "Cargando más…",
  saved: "¡Etiqueta guardada con éxito!",
  deleted: "¡Etiqueta eliminada con éxito!",
  editAction: "Editar etiqueta {{name}}",
  deleteAction: "Eliminar etiqueta {{name}}",
  columns: { name: "Nombre", tickets: "Atenciones", actions: "Acciones" },
  dialog: {
    addTitle: "Agregar etiqueta",
    editTitle: "Editar etiqueta",
    name: "Nombre",
    color: "Color",
    colorHint: "Elija un color sugerido, use el selector o escriba el valor hexadecimal.",
    pickColor: "Elegir color",
    palette: "Colores sugeridos",
    customColor: "Otro color",
    kanban: "Kanban",
    kanbanHint: "Muestra esta etiqueta como una columna del Kanban.",
  },
};
