import type { ConnectionStatus, PlanFlag, Recurrence } from "./constants";

export type QueueRef = { id: number; name: string; color: string };
/** A user's queue, with the link row the spec's client reads (`user.queues[i].UserQueue.queueId`). */
export interface UserQueueRef extends QueueRef {
  UserQueue: { userId: number; queueId: number };
}
export interface SettingItem {
  id: number;
  key: string;
  value: string;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

export interface SessionCompany {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence | string | null;
  planId: number | null;
  createdAt: string;
  updatedAt: string;
  settings: SettingItem[];
}

/** The user of `{ token, user }` from /auth/login and /auth/refresh_token. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profile: "admin" | "user" | "supervisor";
  super: boolean;
  allTicket: "enabled" | "desabled";
  online: boolean;
  /** Paused by themself: automatic assignment gives them nothing. */
  paused: boolean;
  /** Open tickets automatic assignment gives them at once. */
  capacity: number;
  companyId: number;
  whatsappId: number | null;
  queues: UserQueueRef[];
  company: SessionCompany;
}

export interface AuthResponse {
  token: string;
  user: SessionUser;
}

export interface Plan extends Record<PlanFlag, boolean> {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
  createdAt?: string;
  updatedAt?: string;
}

export interface CompanyWithPlan {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  dueDate: string | null;
  createdAt: string;
  plan: Plan | null;
}

export interface UserListItem {
  id: number;
  name: string;
  email: string;
  profile: string;
  companyId: number;
  online: boolean;
  paused: boolean;
  capacity: number;
  allTicket: string;
  whatsappId: number | null;
  createdAt: string;
  queues: UserQueueRef[];
  company: { id: number; name: string };
}

export type UsersPage = { users: UserListItem[]; count: number; hasMore: boolean };

export interface WhatsappSummary {
  id: number;
  name: string;
  status: ConnectionStatus;
  updatedAt: string;
  isDefault: boolean;
}
