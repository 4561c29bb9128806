let permissionAsked = false;

/** Asks once per page load for permission to show system notifications; without the API only a console note. */
export function requestNotificationPermission(unsupportedText: string) {
  if (permissionAsked) return;
  permissionAsked = true;
  if (typeof window === "undefined" || !("Notification" in window)) {
    console.info(unsupportedText);
    return;
  }
  if (Notification.permission === "default") void Notification.requestPermission().catch(() => undefined);
}

interface SystemNotification {
  title: string;
  body: string;
  icon?: string;
  tag: string;
  onClick(): void;
}

/** Shows a system notification when allowed; returns false when it could not. */
export function showSystemNotification({ title, body, icon, tag, onClick }: SystemNotification, unsupportedText: string): boolean {
  if (!("Notification" in window)) {
    console.info(unsupportedText);
    return false;
  }
  if (Notification.permission !== "granted") return false;
  try {
    const notification = new Notification(title, { body, icon: icon || "/favicon.svg", tag });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
    return true;
  } catch {
    // Some mobile browsers only allow notifications from a service worker.
    return false;
  }
}
