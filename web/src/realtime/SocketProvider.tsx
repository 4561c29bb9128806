import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { Socket } from "socket.io-client";
import { useAuth } from "../app/authContext";
import { openSocket } from "./socket";
import { SocketContext } from "./socketContext";
import { ChatEvents } from "./ChatEvents";
import { SessionEvents } from "./SessionEvents";
import { TicketEvents } from "./TicketEvents";

/** One socket for the whole signed-in app, closed and opened again when the user or company changes. */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id;
  const companyId = user?.companyId ?? null;
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (!userId || !companyId) return;
    const opened = openSocket();
    if (!opened) return;
    setSocket(opened.socket);
    return () => {
      opened.close();
      setSocket(null);
    };
  }, [userId, companyId]);

  const value = useMemo(() => ({ socket, companyId }), [socket, companyId]);
  return (
    <SocketContext.Provider value={value}>
      <SessionEvents />
      <TicketEvents />
      <ChatEvents />
      {children}
    </SocketContext.Provider>
  );
}
