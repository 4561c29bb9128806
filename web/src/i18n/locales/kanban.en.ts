import type { kanbanPt } from "./kanban.pt";

export const kanbanEn: typeof kanbanPt = {
  title: "Kanban",
  subtitle: "Drag tickets between columns to change their stage.",
  openLane: "Open",
  laneCount: "{{count}} tickets",
  laneEmpty: "No tickets in this column.",
  empty: "No open or pending tickets in your queues.",
  noLanes: "No columns yet: create tags with the Kanban option on to organize tickets.",
  goToTags: "Go to Tags",
  ticketNumber: "Ticket #{{id}}",
  noMessage: "No messages",
  viewTicket: "View ticket",
  tagRemoved: "Ticket tag removed!",
  tagAdded: "Ticket tag added successfully!",
  a11y: {
    instructions: "To move a ticket, press space or enter, use the arrow keys to choose the column and press space or enter again. Escape cancels.",
    picked: "Ticket #{{id}} picked up.",
    over: "Over the {{lane}} column.",
    dropped: "Ticket #{{id}} dropped on the {{lane}} column.",
    cancelled: "Moving ticket #{{id}} was cancelled.",
  },
};
