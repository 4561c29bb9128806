/** The help videos page (administration spec §2, Help videos). */
export const helpsPt = {
  title: "Ajuda",
  subtitle: "Vídeos curtos sobre como usar o sistema.",
  empty: "Nenhum vídeo de ajuda disponível no momento.",
  watch: "Assistir: {{title}}",
  thumbnail: "Miniatura do vídeo: {{title}}",
  player: "Vídeo: {{title}}",
  openLink: "Abrir material de apoio",
  noVideo: "Este item não tem vídeo.",
};
