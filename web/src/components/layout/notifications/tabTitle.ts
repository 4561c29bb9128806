import { titleWithCount } from "./notificationRules";

let baseTitle: string | null = null;

/** Shows the count in the browser tab's title; zero puts the page's own title back. */
export function setTabTitleCount(count: number) {
  baseTitle ??= document.title;
  document.title = titleWithCount(baseTitle, count);
}
