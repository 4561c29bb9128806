export interface UserFormValues {
  name: string;
  email: string;
  password?: string;
  profile: "admin" | "user" | "supervisor";
  allTicket: "enabled" | "desabled";
}
