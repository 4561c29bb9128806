import type { KeyboardCoordinateGetter } from "@dnd-kit/core";

/** Keyboard moves jump a whole lane left or right (lanes are wide; the default 25 px steps are not). */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const card = context.collisionRect;
  if (!card || (event.code !== "ArrowRight" && event.code !== "ArrowLeft")) return undefined;
  event.preventDefault();
  const rects = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const center = card.left + card.width / 2;
  const target = event.code === "ArrowRight" ? rects.find((r) => r.left > center) : [...rects].reverse().find((r) => r.left + r.width < center);
  if (!target) return currentCoordinates;
  return { x: target.left + (target.width - card.width) / 2, y: currentCoordinates.y };
};
