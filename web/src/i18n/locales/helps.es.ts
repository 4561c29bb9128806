import type { helpsPt } from "./helps.pt";

export const helpsEs: typeof helpsPt = {
  title: "Ayuda",
  subtitle: "Videos cortos sobre cómo usar el sistema.",
  empty: "No hay videos de ayuda disponibles en este momento.",
  watch: "Ver: {{title}}",
  thumbnail: "Miniatura del video: {{title}}",
  player: "Video: {{title}}",
  openLink: "Abrir material de apoyo",
  noVideo: "Este elemento no tiene video.",
};
