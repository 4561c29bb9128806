import { Suspense, useEffect, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { can, type Permission, type PlanFlag } from "@balcao/common";
import { useCompanyPlan } from "../api/hooks";
import { hasCampaignsFlag } from "../api/session";
import { FullPageLoader } from "../components/FullPageLoader";
import { PermissionRedirect } from "../components/PermissionRedirect";
import { AppLayout } from "../components/layout/AppLayout";
import { SocketProvider } from "../realtime/SocketProvider";
import { useAuth, useSessionUser } from "./authContext";

/** Private area: a logged-out user goes to /login; a signed-in one gets the socket and the shell. */
export function RequireAuth() {
  const { status, landing, clearLanding } = useAuth();
  const location = useLocation();
  useEffect(() => {
    if (status === "authenticated" && landing) clearLanding();
  }, [status, landing, clearLanding]);
  if (status === "loading") return <FullPageLoader />;
  if (status === "anonymous") return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <SocketProvider>
      <AppLayout>
        {/* the shell stays while a page's chunk loads */}
        <Suspense fallback={<FullPageLoader inline />}>
          <Outlet />
        </Suspense>
      </AppLayout>
    </SocketProvider>
  );
}

/** Public pages (/login, /signup, /forgetpsw): a signed-in user goes to / (to /tickets right after a login). */
export function PublicOnly() {
  const { status, landing } = useAuth();
  if (status === "loading") return <FullPageLoader />;
  if (status === "authenticated") return <Navigate to={landing ?? "/"} replace />;
  return <Outlet />;
}

/** Pages of a role: others land on /tickets. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const user = useSessionUser();
  if (!can(user.profile, permission)) return <Navigate to="/tickets" replace />;
  return <>{children}</>;
}

export function RequireSuper({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  return user.super ? <>{children}</> : <PermissionRedirect />;
}

/** Pages that a plan flag enables (prompts, integrations, messages API). */
export function RequirePlan({ flag, children }: { flag: PlanFlag; children: ReactNode }) {
  const user = useSessionUser();
  const { data, isPending, isError } = useCompanyPlan(user.companyId);
  if (isPending) return <FullPageLoader inline />;
  if (isError || !data?.plan?.[flag]) return <PermissionRedirect />;
  return <>{children}</>;
}

/**
 * Campaign pages exist only when the company has campaigns on: its plan enables them, or the
 * stored cshow flag (the company's campaignsEnabled setting) exists. The menu shows them on the same terms.
 */
export function RequireCampaigns({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const { data, isPending } = useCompanyPlan(user.companyId);
  if (hasCampaignsFlag() || data?.plan?.useCampaigns) return <>{children}</>;
  if (isPending) return <FullPageLoader inline />;
  return <PermissionRedirect />;
}
