import { useCallback, useEffect, useState } from "react";
import { STORAGE_KEYS } from "@balcao/common";

/** A local task, kept only in this browser (the spec's `tasks` key). */
export interface Task {
  text: string;
  createdAt: string;
  updatedAt: string;
}

const isTask = (value: unknown): value is Task => typeof value === "object" && value !== null && typeof (value as Task).text === "string";

function readTasks(): Task[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.tasks) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isTask).map((task) => ({
      text: task.text,
      createdAt: String(task.createdAt ?? new Date().toISOString()),
      updatedAt: String(task.updatedAt ?? task.createdAt ?? new Date().toISOString()),
    }));
  } catch {
    return [];
  }
}

/** The task list with add, edit and delete; empty or blank text is ignored. */
export function useTasks() {
  const [tasks, setTasks] = useState<Task[]>(readTasks);

  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.tasks, JSON.stringify(tasks));
  }, [tasks]);

  // Another tab changed the list.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.tasks) setTasks(readTasks());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const add = useCallback((text: string) => {
    const clean = text.trim();
    if (!clean) return false;
    const now = new Date().toISOString();
    setTasks((list) => [...list, { text: clean, createdAt: now, updatedAt: now }]);
    return true;
  }, []);

  const edit = useCallback((index: number, text: string) => {
    const clean = text.trim();
    if (!clean) return false;
    setTasks((list) => list.map((task, i) => (i === index ? { ...task, text: clean, updatedAt: new Date().toISOString() } : task)));
    return true;
  }, []);

  const remove = useCallback((index: number) => {
    setTasks((list) => list.filter((_, i) => i !== index));
  }, []);

  return { tasks, add, edit, remove };
}
