import type { Server } from "socket.io";
import { companyEvent, rooms, type CompanyEventFamily } from "@balcao/common";

/**
 * Emits company-scoped events to rooms of that company only. Services call these
 * after their transaction commits.
 */
export class Realtime {
  private io: Server | null = null;

  attach(io: Server) {
    this.io = io;
  }

  get server() {
    return this.io;
  }

  toCompany(companyId: number, family: CompanyEventFamily, payload: unknown) {
    this.io?.to(rooms.company(companyId)).emit(companyEvent(companyId, family), payload);
  }

  toUser(companyId: number, userId: number, family: CompanyEventFamily, payload: unknown) {
    this.io?.to(rooms.user(companyId, userId)).emit(companyEvent(companyId, family), payload);
  }

  toAdmins(companyId: number, family: CompanyEventFamily, payload: unknown) {
    this.io?.to(rooms.admins(companyId)).emit(companyEvent(companyId, family), payload);
  }

  /** Closes the sockets of ended sessions (after `delayMs`, so a last event can reach them). */
  closeSessions(sessionIds: string[], delayMs = 0) {
    if (sessionIds.length === 0) return;
    const close = () => this.io?.in(sessionIds.map(rooms.session)).disconnectSockets(true);
    if (delayMs > 0) setTimeout(close, delayMs).unref();
    else close();
  }

  /** A user's profile or queues changed: their sockets reconnect and join again under the new rules. */
  rejoinUser(companyId: number, userId: number) {
    this.io?.in(rooms.user(companyId, userId)).disconnectSockets(true);
  }

  toRooms(companyId: number, roomNames: string[], family: CompanyEventFamily, payload: unknown) {
    if (roomNames.length) this.io?.to(roomNames).emit(companyEvent(companyId, family), payload);
  }
}
