import type { helpsPt } from "./helps.pt";

export const helpsEn: typeof helpsPt = {
  title: "Help",
  subtitle: "Short videos on how to use the system.",
  empty: "No help videos available at the moment.",
  watch: "Watch: {{title}}",
  thumbnail: "Video thumbnail: {{title}}",
  player: "Video: {{title}}",
  openLink: "Open supporting material",
  noVideo: "This item has no video.",
};
