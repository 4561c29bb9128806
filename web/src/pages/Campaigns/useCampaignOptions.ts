import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../../app/authContext";
import {
  CAMPAIGN_PACE_KEY,
  fetchCampaignPace,
  fetchConnectionOptions,
  fetchContactListOptions,
  fetchFileListOptions,
  fetchTagOptions,
  type ConnectionOption,
  type ContactListOption,
  type NamedOption,
} from "./campaignsApi";

export interface CampaignOptions {
  contactLists: ContactListOption[];
  tags: NamedOption[];
  connections: ConnectionOption[];
  fileLists: NamedOption[];
}

/** The dialog's choices, read each time it opens, and the company's pace for the WhatsApp Web warning. */
export function useCampaignOptions(open: boolean) {
  const { user } = useAuth();
  const companyId = user?.companyId ?? 0;
  const opts = { enabled: open && companyId > 0, staleTime: 0 };
  const contactLists = useQuery({ queryKey: ["campaigns", "options", "contactLists"], queryFn: fetchContactListOptions, ...opts });
  const tags = useQuery({ queryKey: ["campaigns", "options", "tags"], queryFn: fetchTagOptions, ...opts });
  const connections = useQuery({ queryKey: ["campaigns", "options", "connections", companyId], queryFn: () => fetchConnectionOptions(companyId), ...opts });
  const fileLists = useQuery({ queryKey: ["campaigns", "options", "fileLists", companyId], queryFn: () => fetchFileListOptions(companyId), ...opts });
  const pace = useQuery({ queryKey: CAMPAIGN_PACE_KEY, queryFn: fetchCampaignPace, ...opts });
  const all = [contactLists, tags, connections, fileLists];
  return {
    options: { contactLists: contactLists.data ?? [], tags: tags.data ?? [], connections: connections.data ?? [], fileLists: fileLists.data ?? [] } satisfies CampaignOptions,
    pace: pace.data,
    loading: all.some((q) => q.isPending),
    failed: all.some((q) => q.isError),
  };
}
