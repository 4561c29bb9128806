import type { assignmentPt } from "./assignment.pt";

export const assignmentEn: typeof assignmentPt = {
  capacity: "Capacity (open tickets at once)",
  capacityHint: "How many open tickets automatic assignment gives this user at once (1 to 1000).",
  available: "Available",
  paused: "Paused",
  pause: "Pause receiving tickets",
  resume: "Resume receiving tickets",
  pausedHint: "You get no tickets automatically while paused.",
  pausedToast: "Automatic assignment paused.",
  resumedToast: "Automatic assignment resumed.",
  assignedToYou: "New ticket assigned to you: {{name}}",
  capacityColumn: "Capacity",
};
