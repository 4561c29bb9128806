import { faviconBadgeText } from "./notificationRules";

const BASE_ICON = "/favicon.svg";
const SIZE = 64;

let baseImage: Promise<HTMLImageElement> | null = null;
let generation = 0;

function loadBase(): Promise<HTMLImageElement> {
  baseImage ??= new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => {
      baseImage = null;
      reject(new Error("favicon"));
    };
    image.src = BASE_ICON;
  });
  return baseImage;
}

function iconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  return link;
}

/** Draws the count (capped at 99) in a red circle over the app's icon; the plain icon when zero. */
export async function setFaviconBadge(count: number) {
  const current = ++generation;
  const text = faviconBadgeText(count);
  const link = iconLink();
  if (!text) {
    link.type = "image/svg+xml";
    link.href = BASE_ICON;
    delete link.dataset.badge;
    return;
  }
  try {
    const image = await loadBase();
    if (current !== generation) return;
    const canvas = document.createElement("canvas");
    canvas.width = SIZE;
    canvas.height = SIZE;
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.drawImage(image, 0, 0, SIZE, SIZE);
    const radius = text.length > 1 ? 22 : 19;
    ctx.beginPath();
    ctx.arc(SIZE - radius, radius, radius, 0, Math.PI * 2);
    ctx.fillStyle = "#d32f2f";
    ctx.fill();
    ctx.lineWidth = 3;
    ctx.strokeStyle = "#ffffff";
    ctx.stroke();
    ctx.fillStyle = "#ffffff";
    ctx.font = `bold ${text.length > 1 ? 26 : 30}px sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text, SIZE - radius, radius + 2);
    link.type = "image/png";
    link.href = canvas.toDataURL("image/png");
    link.dataset.badge = text;
  } catch {
    // Without the base image the plain icon stays.
  }
}
