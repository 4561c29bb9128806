export interface UserFormValues {
  name: string;
  email: string;
  password?: string;
  profile: "admin" | "user" | "supervisor";
  allTicket: "enabled" | "desabled";
  /** Open tickets automatic assignment gives the user at once, as the number field holds it. */
  capacity: string | number;
}
