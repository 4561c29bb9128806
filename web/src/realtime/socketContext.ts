import { createContext, useContext, useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";
import { companyEvent, type CompanyEventFamily } from "@balcao/common";

export interface SocketContextValue {
  socket: Socket | null;
  companyId: number | null;
}

export const SocketContext = createContext<SocketContextValue>({ socket: null, companyId: null });

export const useSocket = () => useContext(SocketContext);

/** Listens to `company-{id}-{family}` on the app's socket for as long as the component lives. */
export function useCompanyEvent<T>(family: CompanyEventFamily, handler: (payload: T) => void) {
  const { socket, companyId } = useSocket();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!socket || !companyId) return;
    const name = companyEvent(companyId, family);
    const listener = (payload: T) => ref.current(payload);
    socket.on(name, listener);
    return () => {
      socket.off(name, listener);
    };
  }, [socket, companyId, family]);
}
