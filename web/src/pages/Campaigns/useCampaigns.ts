import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { CampaignCounts, CampaignRecord } from "@balcao/common";
import { matchesSearch } from "../../api/pagedList";
import { usePagedList } from "../../hooks/usePagedList";
import { useCompanyEvent } from "../../realtime/socketContext";
import { CAMPAIGNS_PAGE_KEY, cancelCampaign, deleteCampaign, fetchCampaignsPage, restartCampaign } from "./campaignsApi";

export type CampaignEvent =
  | { action: "create" | "update"; record: CampaignRecord }
  | { action: "delete"; id: number | string }
  /** A contact was sent to, refused, confirmed or opted out: the campaign's counts now. */
  | { action: "progress"; campaignId: number; counts: CampaignCounts };

/** The company's campaigns, searched and paged, kept live by `company-{id}-campaign`. */
export function useCampaigns(search: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<CampaignRecord>({ baseKey: CAMPAIGNS_PAGE_KEY, search, fetchPage: fetchCampaignsPage });
  const { upsert, remove } = list;

  const save = (record: CampaignRecord) => upsert(record, (keySearch) => matchesSearch(keySearch, record.name));

  useCompanyEvent<CampaignEvent>("campaign", (event) => {
    if (event.action === "delete") remove(Number(event.id));
    else if (event.action !== "progress" && event.record?.id) save(event.record);
  });

  const removeCampaign = useMutation({
    mutationFn: (id: number) => deleteCampaign(id),
    onSuccess: (_, id) => {
      remove(id);
      toast.success(t("campaigns.deleted"));
    },
  });
  // the server's answer comes back as a campaign event: the row changes with it
  const stop = useMutation({ mutationFn: cancelCampaign, onSuccess: () => toast.success(t("campaigns.stopped")) });
  const restart = useMutation({ mutationFn: restartCampaign, onSuccess: () => toast.success(t("campaigns.restarted")) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_PAGE_KEY });

  return { ...list, save, removeCampaign, stop, restart, refresh };
}
