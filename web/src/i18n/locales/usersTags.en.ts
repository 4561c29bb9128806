import type { tagsPt, usersPt } from "./usersTags.pt";

export const usersEn: typeof usersPt = {
  title: "Users",
  add: "Add user",
  addTitle: "Add user",
  search: "Search",
  empty: "No users found.",
  loadingMore: "Loading more…",
  deleted: "User deleted successfully!",
  deleteTitle: "Delete {{name}}?",
  editAction: "Edit user {{name}}",
  deleteAction: "Delete user {{name}}",
  online: "Online",
  offline: "Offline",
  columns: { name: "Name", email: "Email", profile: "Profile", status: "Status", actions: "Actions" },
};

export const tagsEn: typeof tagsPt = {
  title: "Tags",
  add: "Add tag",
  search: "Search",
  empty: "No tags found. Create tags to organise your tickets.",
  loadingMore: "Loading more…",
  saved: "Tag saved successfully!",
  deleted: "Tag deleted successfully!",
  editAction: "Edit tag {{name}}",
  deleteAction: "Delete tag {{name}}",
  columns: { name: "Name", tickets: "Tickets", actions: "Actions" },
  dialog: {
    addTitle: "Add tag",
    editTitle: "Edit tag",
    name: "Name",
    color: "Color",
    colorHint: "Pick a suggested colour, use the picker or type the hex value.",
    pickColor: "Pick colour",
    palette: "Suggested colours",
    customColor: "Other colour",
    kanban: "Kanban",
    kanbanHint: "Shows this tag as a Kanban column.",
  },
};
